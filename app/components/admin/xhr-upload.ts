/**
 * A form POST with upload progress: XMLHttpRequest (fetch cannot report upload progress),
 * asking for JSON. Used by the editor's image uploads and the import page.
 */
export type XhrAnswer = { status: number; body: unknown };

export function postWithProgress(
  url: string,
  body: FormData,
  onProgress: (percent: number) => void,
): Promise<XhrAnswer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.setRequestHeader("Accept", "application/json");
    request.responseType = "json";
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener("load", () => resolve({ status: request.status, body: request.response }));
    request.addEventListener("error", () => reject(new Error("The upload failed: the connection was lost.")));
    request.send(body);
  });
}
