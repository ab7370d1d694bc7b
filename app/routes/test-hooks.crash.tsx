import { data } from "react-router";

/**
 * A page whose loader crashes, so the browser tests can see the 500 page. It exists only when the
 * server was started with ENABLE_TEST_HOOKS=1; otherwise this is the ordinary 404.
 */
export function loader() {
  if (process.env.ENABLE_TEST_HOOKS !== "1") throw data(null, { status: 404 });
  throw new Error("Deliberate crash for the error-page test");
}

export default function Crash() {
  return null;
}
