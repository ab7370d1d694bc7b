/** A failed read, as loaders hand it to the page: the spec's toast title and the service's message. */
export type ReadError = { title: string; message: string };

export function readErrorFrom(title: string, error: unknown): ReadError {
  const message = error instanceof Error && error.message ? error.message : "Something went wrong";
  return { title, message };
}

/** Status for a page whose data could not be read: the frame renders, the service is unavailable. */
export const READ_ERROR_STATUS = 503;
