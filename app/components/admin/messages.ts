/** The admin sign-in's texts, shared by the server's answers and the page. */
export const ACCESS_DENIED = {
  title: "Access Denied",
  description: "You do not have administrative privileges.",
} as const;
export const SIGN_IN_FAILED = "Sign in Failed";
/** One message for a wrong password and an unknown email alike (as /login). */
export const WRONG_CREDENTIALS = "Invalid email or password.";
