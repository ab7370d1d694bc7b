/**
 * Headers every response carries. The CSP allows inline scripts only with this response's nonce
 * (React Router's hydration scripts carry it), and forms may post only to this site or to the
 * configured OAuth providers (form-action also governs the redirects that follow a post).
 */
export function securityHeaders(options: { nonce: string; production: boolean; formActionOrigins: string[] }) {
  const formAction = ["'self'", ...options.formActionOrigins].join(" ");
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${options.nonce}'`,
    // Shiki colours code with style attributes; Tailwind's CSS is a file.
    "style-src 'self' 'unsafe-inline'",
    // Article images may live on other sites (the image URL field accepts http(s) URLs).
    "img-src 'self' data: https: http:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${formAction}`,
    "frame-ancestors 'none'",
    ...(options.production ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
  const headers: Record<string, string> = {
    "Content-Security-Policy": csp,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
  };
  if (options.production) headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  return headers;
}
