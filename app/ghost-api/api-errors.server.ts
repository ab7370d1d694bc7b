/**
 * The APIs' one error mechanism: `throw apiError(status, type, message, context)`, a Response in
 * Ghost's envelope (`{errors:[{message, context, type, code}]}`, Ghost's error types) that the
 * route returns as it is. Nothing internal ever reaches the body: an unexpected error is logged
 * by the route and answered as a bare InternalServerError.
 */
export const API_ERROR_TYPES = {
  400: "BadRequestError",
  401: "UnauthorizedError",
  403: "NoPermissionError",
  404: "NotFoundError",
  405: "MethodNotAllowedError",
  409: "UpdateCollisionError",
  413: "RequestEntityTooLargeError",
  415: "UnsupportedMediaTypeError",
  422: "ValidationError",
  429: "TooManyRequestsError",
  500: "InternalServerError",
} as const;
export type ApiErrorStatus = keyof typeof API_ERROR_TYPES;

export type ApiErrorBody = {
  errors: { message: string; context: string | null; type: string; code: string | null; property?: string }[];
};

export function apiErrorBody(
  status: ApiErrorStatus,
  message: string,
  context: string | null = null,
  extra: { type?: string; code?: string; property?: string } = {},
): ApiErrorBody {
  const error = {
    message,
    context,
    type: extra.type ?? API_ERROR_TYPES[status],
    code: extra.code ?? null,
    ...(extra.property ? { property: extra.property } : {}),
  };
  return { errors: [error] };
}

/** A Response to throw: Ghost's envelope with `status` (headers such as Retry-After or CORS added). */
export function apiError(
  status: ApiErrorStatus,
  message: string,
  context: string | null = null,
  options: { headers?: HeadersInit; type?: string; code?: string; property?: string } = {},
): Response {
  const headers = new Headers(options.headers);
  headers.set("Cache-Control", "no-store");
  return Response.json(apiErrorBody(status, message, context, options), { status, headers });
}

/** A 400 naming the query parameter that was wrong (`filter`, `limit`, `include`, `order`, …). */
export function badParameter(parameter: string, message: string): Response {
  return apiError(400, message, `Validation error, cannot list or read: the "${parameter}" parameter.`, {
    property: parameter,
  });
}
