/**
 * Toasts raised by the server travel in their own short-lived flash cookie, so an action's
 * result shows after a redirect with or without JavaScript (the root loader reads and clears it).
 */
import { type Cookie, createCookie, redirect } from "react-router";
import { env } from "~/env.server";
import { type Toast, type ToastInput, ToastSchema } from "~/lib/toast";

export { type Toast, type ToastInput, ToastSchema } from "~/lib/toast";

export const TOAST_COOKIE_NAME = "dp_toast";

let cookie: Cookie | undefined;
/** Made on first use: the settings are read when a request needs them, not at import. */
function toastCookie(): Cookie {
  const settings = env();
  cookie ??= createCookie(TOAST_COOKIE_NAME, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: settings.NODE_ENV === "production" && settings.SITE_URL.startsWith("https:"),
    maxAge: 60,
  });
  return cookie;
}

export async function toastHeaders(toast: ToastInput): Promise<Headers> {
  return new Headers({ "Set-Cookie": await toastCookie().serialize(ToastSchema.parse(toast)) });
}

export async function redirectWithToast(url: string, toast: ToastInput, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  for (const [name, value] of await toastHeaders(toast)) headers.append(name, value);
  return redirect(url, { ...init, headers });
}

/** The pending toast, if any, and the header that clears it. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader?.includes(`${TOAST_COOKIE_NAME}=`)) return { toast: null, headers: null };
  const raw = await toastCookie()
    .parse(cookieHeader)
    .catch(() => null);
  const parsed = ToastSchema.safeParse(raw);
  const headers = new Headers({ "Set-Cookie": await toastCookie().serialize("", { maxAge: 0 }) });
  return { toast: parsed.success ? parsed.data : null, headers };
}
