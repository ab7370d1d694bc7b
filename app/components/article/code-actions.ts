/**
 * Copy and Wrap buttons for the article's code blocks (figure.code-block, made at save by
 * app/markdown/code-blocks.server.ts). JavaScript only, no dependencies: without it the header
 * shows the title and the code is plain selectable text that scrolls sideways.
 *
 * Copy copies exactly the code: never line numbers or diff signs (CSS content), the hidden line
 * labels, prompts, terminal output or removed lines (all marked `.no-copy`), and says "Copied"
 * to screen readers through a status region.
 */

/** The text Copy puts on the clipboard for a block's <code>. */
export function codeText(code: Element): string {
  const lines = code.querySelectorAll(":scope > .line");
  if (lines.length === 0) return code.textContent ?? "";
  const kept: string[] = [];
  for (const line of lines) {
    if (line.classList.contains("no-copy")) continue;
    const copy = line.cloneNode(true) as Element;
    for (const skipped of copy.querySelectorAll(".no-copy")) skipped.remove();
    kept.push(copy.textContent ?? "");
  }
  return kept.join("\n");
}

function button(label: string, name: string): HTMLButtonElement {
  const element = document.createElement("button");
  element.type = "button";
  element.className = "code-button";
  element.textContent = label;
  element.setAttribute("aria-label", name);
  return element;
}

/** Adds the buttons to every code block under `root` that has none yet (safe to call again). */
export function enhanceCodeBlocks(root: ParentNode): void {
  for (const figure of root.querySelectorAll<HTMLElement>("figure.code-block")) {
    const code = figure.querySelector("pre > code");
    if (!code || figure.querySelector(".code-actions")) continue;
    const actions = document.createElement("div");
    actions.className = "code-actions";
    const wrap = button("Wrap", "Wrap lines");
    wrap.setAttribute("aria-pressed", "false");
    const copy = button("Copy", "Copy code");
    const status = document.createElement("span");
    status.className = "code-sr";
    status.setAttribute("role", "status");
    let timer: ReturnType<typeof setTimeout> | undefined;

    wrap.addEventListener("click", () => {
      const wrapped = figure.classList.toggle("is-wrapped");
      wrap.setAttribute("aria-pressed", String(wrapped));
    });
    copy.addEventListener("click", async () => {
      let said = "Copied";
      try {
        await navigator.clipboard.writeText(codeText(code));
      } catch {
        // No clipboard (permissions, insecure origin): select the code for Ctrl+C instead.
        getSelection()?.selectAllChildren(code);
        said = "Press Ctrl+C to copy";
      }
      copy.textContent = said === "Copied" ? "Copied" : "Copy";
      status.textContent = said;
      clearTimeout(timer);
      timer = setTimeout(() => {
        copy.textContent = "Copy";
        status.textContent = "";
      }, 2000);
    });
    actions.append(wrap, copy, status);
    figure.querySelector("figcaption")?.after(actions);
  }
}
