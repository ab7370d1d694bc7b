import type { Page } from "@playwright/test";

/**
 * A left-button mouse drag along `points` at height `y`, each event stamped with its own time
 * (`at`, ms after the press) through the DevTools protocol. The page sees exactly that speed,
 * however busy the machine running the test is (playwright's mouse.move cannot say when).
 */
export async function timedDrag(page: Page, y: number, points: Array<{ x: number; at: number }>) {
  const [press, ...moves] = points;
  const release = moves.at(-1);
  if (!press || !release) throw new Error("timedDrag needs a press and at least one move");
  const client = await page.context().newCDPSession(page);
  const start = Date.now() / 1000;
  const send = (type: "mousePressed" | "mouseMoved" | "mouseReleased", x: number, at: number) =>
    client.send("Input.dispatchMouseEvent", {
      type,
      x,
      y,
      button: "left",
      buttons: type === "mouseReleased" ? 0 : 1,
      clickCount: 1,
      timestamp: start + at / 1000,
    });
  try {
    await send("mousePressed", press.x, press.at);
    for (const point of moves) await send("mouseMoved", point.x, point.at);
    await send("mouseReleased", release.x, release.at);
  } finally {
    await client.detach();
  }
}
