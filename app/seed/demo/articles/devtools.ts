import { md } from "../md";
import type { SeedArticle } from "../types";

export const devtoolsArticles: SeedArticle[] = [
  {
    title: "The Chrome DevTools Performance Panel: A Field Guide",
    slug: "chrome-devtools-performance-panel-field-guide",
    category: "devtools",
    author: "Lucas Moreau",
    excerpt:
      "The Performance panel looks intimidating, but you only need a handful of views to find out why a page is slow. Here is a guided tour.",
    publishedAt: "2025-07-15T08:30:00Z",
    imageUrl: "/images/articles/performance-panel.svg",
    content: md`
The Performance panel in Chrome DevTools is the most powerful tool you have for understanding why a page feels slow, and the one most developers close within ten seconds of opening it. It shows *everything* the browser did during a recording, which is exactly why it is overwhelming. The trick is knowing which few parts to look at, and in what order.

## Record something meaningful

Before you record, set up conditions that resemble your users, not your laptop:

1. Open DevTools in an **incognito window** so extensions do not pollute the trace.
2. In the Performance panel's settings, enable **CPU throttling** (4x or 6x slowdown approximates a mid-range phone).
3. Optionally enable **network throttling** if loading is part of the problem.

Then choose what to record. For page load, use the *Record and reload* button. For an interaction, press *Record*, perform the interaction once (click the button, open the menu, type into the field), and stop. Short, focused recordings of one action are far easier to read than a thirty-second session.

## Start with the overview

The top strip shows CPU activity over time, colour-coded by category:

- **Yellow**: scripting (your JavaScript, and the framework's).
- **Purple**: rendering: style recalculation and layout.
- **Green**: painting and compositing.
- **Grey**: other browser work.

Red bars above the strip mark **long tasks**, main-thread tasks over 50 ms. Those are your prime suspects: while a long task runs, the page cannot respond to input. Drag across a region to zoom into it.

## Read the Main track flame chart

The **Main** track is a flame chart of the main thread. Time runs left to right; each bar is a function call, and bars below it are the functions it called. Wide bars took a long time. A good habit:

1. Find a long task (red corner).
2. Look at the bottom-most wide bars inside it. That is where time was actually spent, as opposed to the top, which is usually just "Event: click" or "Function call".
3. Click a bar to see its source location in the Summary tab, then jump straight to the code.

### Bottom-Up and Call Tree

Below the flame chart, the **Bottom-Up** tab aggregates time by function across the selected range, sorted by *self time*: time spent in the function itself, not in its children. If one function dominates Bottom-Up, you have found your hotspot. **Call Tree** shows the same data top-down, which is better for answering "which feature caused all this work?".

## Recognise the classic problems

### Forced synchronous layout

If you see a purple *Layout* bar **inside** a yellow script bar, with a warning triangle, your code read a layout property (like \`offsetHeight\` or \`getBoundingClientRect()\`) after changing styles. The browser had to compute layout immediately, in the middle of your script. Inside a loop, this becomes *layout thrashing*:

\`\`\`js
// Slow: read, write, read, write... forces layout on every iteration
for (const item of items) {
  item.style.height = \`\${container.offsetHeight / items.length}px\`;
}

// Fast: read once, then write
const height = container.offsetHeight / items.length;
for (const item of items) {
  item.style.height = \`\${height}px\`;
}
\`\`\`

### Expensive style recalculation

Long purple *Recalculate Style* bars usually mean many elements were affected by a change, for example toggling a class on \`<body>\` that invalidates styles across a huge DOM. Enable *Selector stats* in the panel settings to see which selectors cost the most.

### Framework re-render storms

If the flame chart shows the same component render functions repeating many times in one interaction, the problem is usually in your state management, not the browser. Pair the Performance panel with your framework's profiler (for React, the React DevTools Profiler) to see which components re-rendered and why.

## Use the Interactions track for responsiveness

The **Interactions** track shows each user interaction with its total duration, split into input delay, processing time and presentation delay. This maps directly to **Interaction to Next Paint (INP)**, the Core Web Vital for responsiveness:

- *Input delay* is high when something else was already running when the user clicked. Look for long tasks just before the interaction.
- *Processing time* is your event handlers. Make them do less, or defer non-urgent work.
- *Presentation delay* is rendering after your handler finished. Large DOM updates and expensive layouts show up here.

## Don't forget the network and memory

The **Network** track in the same recording shows when each resource was requested relative to the main-thread work, which reveals render-blocking scripts and late-discovered images. For memory leaks, enable the *Memory* checkbox before recording: a JS heap line that climbs in a staircase after repeated identical actions, and never drops after garbage collection, points to something being retained.

## A repeatable workflow

- Reproduce the slowness with throttling on.
- Record one interaction or one page load.
- Find the long tasks, then the widest bottom bars inside them.
- Form a hypothesis, change one thing, and record again to compare.

Performance work is mostly about discipline: measure, change one variable, measure again. The Performance panel gives you the measurements; the discipline is up to you.
`,
  },
  {
    title: "Git Bisect: Find the Commit That Broke It",
    slug: "git-bisect-find-the-commit-that-broke-it",
    category: "devtools",
    author: "Lucas Moreau",
    excerpt:
      "When something used to work and now doesn't, git bisect finds the guilty commit with a binary search, even across thousands of commits.",
    publishedAt: "2025-03-04T16:00:00Z",
    imageUrl: "/images/articles/git-bisect.svg",
    content: md`
"It worked last month." Every developer has heard it, and most have said it. When a regression appears and you have no idea which of the last few hundred commits caused it, **git bisect** is the fastest way to find out. It performs a binary search over your history: with 1,000 commits between good and bad, you need to test about ten of them.

## The manual workflow

\`\`\`bash
git bisect start
git bisect bad                 # the current commit is broken
git bisect good v2.3.0         # this tag was fine
\`\`\`

Git checks out a commit roughly halfway between the two. Test it, then tell git what you found:

\`\`\`bash
git bisect good   # this one works
# or
git bisect bad    # this one is broken
\`\`\`

Repeat until git prints \`<sha> is the first bad commit\`, along with its message and author. When you are done:

\`\`\`bash
git bisect reset   # return to where you started
\`\`\`

If a commit cannot be tested at all, for example because it does not build for unrelated reasons, use \`git bisect skip\` and git will pick a nearby commit instead.

## Automate it with a script

The real power is \`git bisect run\`. Give it a command that exits with **0 for good** and **1–127 (except 125) for bad**, and git does the whole search by itself. Exit code **125** means "skip this commit".

\`\`\`bash
git bisect start HEAD v2.3.0
git bisect run npm test -- tests/invoice-total.test.ts
\`\`\`

For a bug without an existing test, write a tiny script first:

\`\`\`bash
#!/usr/bin/env bash
# check.sh: exit 125 if it doesn't build, 1 if the bug is present
npm ci --silent || exit 125
node -e "
  const { formatPrice } = require('./dist/format.js');
  process.exit(formatPrice(1234.5) === '1,234.50' ? 0 : 1);
"
\`\`\`

Keep the script **outside the repository** (or untracked), otherwise checking out old commits may change or delete it.

## Tips from experience

- **Bisect on a clean working tree.** Stash your changes first.
- **Use \`--first-parent\`** (\`git bisect start --first-parent\`) on repositories with many merge commits, to bisect over the mainline merges rather than every commit of every feature branch.
- **Narrow the paths** if you know the bug is in one area: \`git bisect start HEAD v2.3.0 -- src/billing\` only considers commits that touched that folder.
- **Use the terms that fit.** \`git bisect start --term-old=fast --term-new=slow\` makes bisecting a performance regression read naturally.

## Why this matters beyond debugging

Bisect works best on a history of small, self-contained commits that each build and pass tests. If your history is full of "wip" commits that do not compile, every one of them becomes a \`skip\`. That is one more argument for small, atomic commits: they are not just easier to review, they are easier to search.
`,
  },
  {
    title: "Debugging Node.js with the Built-in Inspector",
    slug: "debugging-nodejs-with-the-inspector",
    category: "devtools",
    author: "Daniel Okafor",
    excerpt:
      "console.log has its place, but Node's inspector gives you breakpoints, watch expressions and CPU profiles in the same DevTools you already know.",
    publishedAt: "2026-05-12T12:00:00Z",
    content: md`
Node.js ships with a debugger that speaks the Chrome DevTools protocol. That means you can set breakpoints, step through code and inspect variables in server-side JavaScript using the exact same DevTools interface you use for the browser. No extra packages required.

## Start Node with the inspector

\`\`\`bash
node --inspect server.js        # start normally, accept a debugger
node --inspect-brk server.js    # pause on the first line
node --inspect-wait server.js   # wait for a debugger, then run
\`\`\`

Node prints a \`ws://127.0.0.1:9229/...\` URL. The inspector listens only on localhost by default, and that is important: anyone who can connect to it can run arbitrary code in your process. Never bind it to \`0.0.0.0\` on a machine reachable from the internet.

## Attach Chrome DevTools

Open \`chrome://inspect\` in Chrome, and your Node process appears under *Remote Target*. Click **inspect**, or use *Open dedicated DevTools for Node*, which automatically reconnects when you restart the process. Editors like VS Code attach to the same port through a launch configuration or the auto-attach setting.

## Breakpoints beyond the basics

Once attached, the Sources panel works as it does in the browser. A few features are especially useful on the server:

- **Conditional breakpoints**: right-click a line number and add a condition like \`req.url === "/checkout"\`, so you only pause for the request you care about.
- **Logpoints**: print a message without pausing and without editing code. Perfect for production-like environments where pausing would time out requests.
- **Pause on exceptions**: stop at the exact line where an error is thrown, with the full scope intact.
- The \`debugger;\` statement: pauses when a debugger is attached, and does nothing otherwise.

## Profiling CPU and memory

The same connection gives you the Performance and Memory panels. To profile without DevTools attached, Node can write a profile file directly:

\`\`\`bash
node --cpu-prof --cpu-prof-dir=./profiles server.js
\`\`\`

Stop the process, then load the \`.cpuprofile\` file into the DevTools Performance panel to see a flame chart of where time went. For memory, \`--heapsnapshot-signal=SIGUSR2\` lets you trigger a heap snapshot from outside with \`kill -USR2 <pid>\`.

## Debugging tests

Test runners usually run your code in child processes or worker threads, which makes attaching awkward; most of them document a flag for it. With Node's built-in test runner there is a shortcut: a file that uses \`node:test\` runs its tests when executed directly, so you can debug it like any other script.

\`\`\`bash
node --inspect-brk tests/orders.test.js
\`\`\`

The inspector is not a replacement for good logging. Logs tell you what happened in production; the debugger tells you *why* when you can reproduce it locally. Use both, and reach for the debugger sooner than feels natural: ten minutes with a breakpoint often beats an hour of adding print statements.
`,
  },
];
