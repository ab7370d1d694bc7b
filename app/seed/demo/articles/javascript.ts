import { md } from "../md";
import type { SeedArticle } from "../types";

export const javascriptArticles: SeedArticle[] = [
  {
    title: "Understanding the JavaScript Event Loop",
    slug: "understanding-the-javascript-event-loop",
    category: "javascript",
    author: "Maya Chen",
    excerpt:
      "Why does a resolved promise run before a zero-millisecond timeout? A practical tour of the call stack, tasks, microtasks and rendering.",
    publishedAt: "2025-02-11T09:00:00Z",
    featured: true,
    imageUrl: "/images/articles/event-loop.svg",
    content: md`
JavaScript runs your code on a single thread, yet a browser tab can fetch data, animate a spinner and respond to clicks at the same time. The piece that makes this work is the **event loop**. Most developers have a rough mental model of it, and that rough model is good enough until the day it isn't: a UI freezes, a log line appears in the "wrong" order, or a test only fails in CI.

This article builds a precise model in small steps. By the end you should be able to predict the output of any snippet that mixes synchronous code, promises and timers.

## The call stack

Every time a function is called, a frame is pushed onto the **call stack**. When the function returns, its frame is popped. While the stack is not empty, the engine is busy, and *nothing else* can happen on that thread: no clicks are handled, no timers fire, no rendering occurs.

\`\`\`js
function slow() {
  const end = Date.now() + 3000;
  while (Date.now() < end) {
    // Busy-wait for three seconds: the page is frozen.
  }
}

button.addEventListener("click", slow);
\`\`\`

Click that button and the page stops responding for three seconds. Scrolling, hover styles and other buttons all wait, because they all need the same thread.

## Tasks: the outer loop

Work that arrives from outside your code, such as a click, a network response or an expired timer, is queued as a **task** (the HTML specification calls these *macrotasks* informally). The event loop repeats a simple cycle:

1. Take the oldest task from a task queue and run it to completion.
2. Run every queued microtask (more on these below).
3. If it is time to render, run \`requestAnimationFrame\` callbacks, then style, layout and paint.
4. Go back to step 1.

The important phrase is *run to completion*. A task is never interrupted halfway by another task. That is why you never need locks around ordinary JavaScript variables: no other callback can observe your object in a half-updated state.

## Microtasks: the queue that cuts in line

Promise reactions (\`then\`, \`catch\`, \`finally\` and the code after an \`await\`) and \`queueMicrotask\` callbacks go to the **microtask queue**. The rule is strict: after each task, the engine drains the microtask queue *completely*, including microtasks added while draining, before it moves on to anything else.

\`\`\`js
console.log("1: script start");

setTimeout(() => console.log("5: timeout"), 0);

Promise.resolve()
  .then(() => console.log("3: promise 1"))
  .then(() => console.log("4: promise 2"));

queueMicrotask(() => console.log("3b: microtask"));

console.log("2: script end");
\`\`\`

The output is:

\`\`\`text
1: script start
2: script end
3: promise 1
3b: microtask
4: promise 2
5: timeout
\`\`\`

The script itself is a task. When it finishes, the microtask queue holds the first \`then\` callback and the \`queueMicrotask\` callback, in that order. Running the first \`then\` queues the second one, which still runs before the timeout because the queue is drained completely. Only then does the loop pick the next task: the timer.

### Starving the loop with microtasks

Because microtasks drain completely, a microtask that always schedules another one blocks the page just as surely as a \`while (true)\` loop:

\`\`\`js
function forever() {
  queueMicrotask(forever); // never yields to rendering or input
}
\`\`\`

If you need to break long work into pieces *and* let the browser breathe, yield with a task instead: \`setTimeout(resolve, 0)\`, a \`MessageChannel\`, or \`scheduler.yield()\` where it is supported.

## What \`await\` really does

\`async\`/\`await\` is syntax over promises, so it follows the same rules. Everything before the first \`await\` runs synchronously. The rest of the function is scheduled as a microtask once the awaited promise settles.

\`\`\`ts
async function load() {
  console.log("A");
  await null;
  console.log("C");
}

load();
console.log("B");
// A, B, C
\`\`\`

A common misconception is that \`async\` moves work to a background thread. It does not. An \`async\` function that computes a large JSON diff is still blocking the main thread while it computes; the keyword only changes *when* the code after each \`await\` runs.

## Timers are minimums, not promises

\`setTimeout(fn, 100)\` means "queue \`fn\` as a task no sooner than 100 ms from now". If the main thread is busy for 400 ms, the callback runs after 400 ms. Browsers also clamp nested timers to at least 4 ms after five levels of nesting, and throttle timers in background tabs heavily, sometimes to once per second or less.

For animations, use \`requestAnimationFrame\`, which runs right before the browser paints and is paused in hidden tabs. For "run this after the current work", a microtask is usually what you want. For "run this when the browser is idle", use \`requestIdleCallback\`.

## Node.js is similar, with extra phases

Node uses libuv's event loop, which cycles through phases: timers, pending callbacks, poll (I/O), check (\`setImmediate\`) and close callbacks. Microtasks still drain between every callback. Node also has \`process.nextTick\`, whose queue is processed *before* the promise microtask queue:

\`\`\`js
Promise.resolve().then(() => console.log("promise"));
process.nextTick(() => console.log("nextTick"));
// nextTick, promise
\`\`\`

Inside an I/O callback, \`setImmediate\` always fires before a \`setTimeout(fn, 0)\`, because the check phase comes right after the poll phase. In the main module the order between the two is not guaranteed.

## Practical takeaways

- **Long synchronous work freezes everything.** Split it into chunks that yield with a task, or move it into a Web Worker.
- **Promise callbacks run before timers**, always, because microtasks drain after every task.
- **\`async\` is not parallelism.** It is a nicer way to write callbacks.
- **Use the right scheduling primitive**: microtask for "right after this", \`requestAnimationFrame\` for visual updates, a task for "let the browser breathe".

Once the model clicks, many mysterious bugs stop being mysterious. The next time two log lines appear in an unexpected order, sketch the stack and the two queues on paper. The answer is almost always right there.
`,
  },
  {
    title: "Closures Explained Through Real Bugs",
    slug: "closures-explained-through-real-bugs",
    category: "javascript",
    author: "Daniel Okafor",
    excerpt:
      "Closures are easy to define and surprisingly easy to get wrong. Three bugs from real codebases show what a closure actually captures.",
    publishedAt: "2025-06-03T14:30:00Z",
    imageUrl: "/images/articles/closures.svg",
    content: md`
A **closure** is a function together with the variables it can see from the scope where it was created. That definition fits on a sticky note, but the consequences are subtle. Here are three bugs I have personally shipped, or reviewed, that all come down to one question: *which variable does this function actually see?*

## Bug 1: the loop that always logs the last value

\`\`\`js
var handlers = [];
for (var i = 0; i < 3; i++) {
  handlers.push(() => console.log(i));
}
handlers.forEach((h) => h()); // 3, 3, 3
\`\`\`

A closure captures **variables, not values**. With \`var\`, there is exactly one \`i\` for the whole function, and by the time the handlers run, it is 3. Switching to \`let\` fixes it, because \`let\` in a \`for\` loop creates a fresh binding for every iteration:

\`\`\`js
for (let i = 0; i < 3; i++) {
  handlers.push(() => console.log(i)); // 0, 1, 2
}
\`\`\`

## Bug 2: the stale value in a React hook

\`\`\`tsx
function Ticker() {
  const [count, setCount] = useState(0);
  useEffect(() => {
    const id = setInterval(() => setCount(count + 1), 1000);
    return () => clearInterval(id);
  }, []);
  return <p>{count}</p>;
}
\`\`\`

This counter goes from 0 to 1 and then stays at 1 forever. The effect runs once, and the interval callback closes over the \`count\` from the *first* render, which is always 0. Each render has its own \`count\` constant; the closure is stuck with the first one.

The fix is to stop reading the captured value. The updater form receives the current state:

\`\`\`tsx
const id = setInterval(() => setCount((c) => c + 1), 1000);
\`\`\`

## Bug 3: the memory that never got freed

\`\`\`js
function attach(element, bigData) {
  const summary = () => bigData.length; // used once, right here
  console.log("items:", summary());

  element.addEventListener("click", () => {
    console.log("clicked", element.id);
  });
}
\`\`\`

The click listener never mentions \`bigData\`, yet heap snapshots showed every \`bigData\` array staying alive for as long as its element did. Engines like V8 only keep the variables that closures reference, but all closures created in the same scope share **one** context object. \`summary\` references \`bigData\`, so \`bigData\` goes into the shared context, and the long-lived listener keeps that whole context alive.

Practical rules that avoid the problem:

- Keep long-lived callbacks small and defined in small scopes.
- Remove event listeners you no longer need, or pass an \`AbortSignal\` to \`addEventListener\`.
- Use the heap snapshot's *retainers* view to see which closure keeps an object alive.

## Closures as a tool

None of this means closures are dangerous. They are how JavaScript does private state:

\`\`\`js
function createCounter() {
  let count = 0;
  return {
    increment: () => ++count,
    current: () => count,
  };
}
\`\`\`

Nothing outside \`createCounter\` can touch \`count\`. Module scope, React hooks, memoization helpers and middleware chains all rely on the same mechanism.

The mental model to keep: a closure holds a *live reference* to its surrounding variables. If the variable changes, the closure sees the change; if a new variable is created each time (each render, each loop iteration with \`let\`), each closure sees its own.
`,
  },
  {
    title: "Modern Array and Object Methods You Should Be Using",
    slug: "modern-array-and-object-methods",
    category: "javascript",
    author: "Maya Chen",
    excerpt:
      "toSorted, findLast, Object.groupBy, at and structuredClone remove a surprising amount of boilerplate. Here is when to reach for each one.",
    publishedAt: "2026-03-17T10:15:00Z",
    content: md`
JavaScript's standard library has quietly grown a set of small, well-designed helpers over the last few ECMAScript releases. They are supported in every evergreen browser and in current Node.js versions, and each one replaces a snippet you have probably written by hand more than once.

## Copying instead of mutating

\`sort\`, \`reverse\` and \`splice\` mutate the array they are called on, which is a classic source of bugs when that array is React state or a shared configuration object. ES2023 added non-mutating twins:

\`\`\`js
const scores = [42, 7, 19];

const ranked = scores.toSorted((a, b) => b - a); // [42, 19, 7]
const reversed = scores.toReversed();             // [19, 7, 42]
const withoutFirst = scores.toSpliced(0, 1);      // [7, 19]
const patched = scores.with(1, 8);                // [42, 8, 19]

console.log(scores); // [42, 7, 19], untouched
\`\`\`

No more \`[...scores].sort()\`, and no more forgetting the spread.

## Reading from the end

\`at\` accepts negative indexes, and \`findLast\` / \`findLastIndex\` search from the end:

\`\`\`js
const events = [
  { type: "login", at: 1 },
  { type: "error", at: 2 },
  { type: "login", at: 3 },
];

events.at(-1);                               // { type: "login", at: 3 }
events.findLast((e) => e.type === "error");  // { type: "error", at: 2 }
\`\`\`

## Grouping without reduce

Grouping used to be a \`reduce\` that everyone wrote slightly differently. \`Object.groupBy\` returns a null-prototype object keyed by whatever your callback returns; \`Map.groupBy\` does the same but allows any key type.

\`\`\`js
const articles = [
  { title: "Closures", category: "javascript" },
  { title: "Hooks", category: "react" },
  { title: "Promises", category: "javascript" },
];

const byCategory = Object.groupBy(articles, (a) => a.category);
// { javascript: [...2 items], react: [...1 item] }
\`\`\`

## Deep copies that actually work

\`JSON.parse(JSON.stringify(value))\` drops \`undefined\`, turns dates into strings and throws on cycles. \`structuredClone\` handles dates, maps, sets, typed arrays and circular references:

\`\`\`js
const original = { when: new Date(), tags: new Set(["a"]) };
const copy = structuredClone(original);
copy.when instanceof Date; // true
\`\`\`

It cannot clone functions, DOM nodes or class instances with private fields; those throw a \`DataCloneError\`, which is usually what you want.

## A few more worth knowing

- \`Object.hasOwn(obj, key)\`: the safe replacement for \`obj.hasOwnProperty(key)\`.
- \`Array.prototype.flatMap\`: map and flatten one level in a single pass.
- \`String.prototype.replaceAll\`: no more global regular expressions for simple replacements.
- \`Promise.withResolvers()\`: get a promise and its \`resolve\`/\`reject\` functions without the wrapper dance.

None of these are revolutionary on their own. Together they make code shorter, make intent clearer, and remove whole categories of accidental-mutation bugs.
`,
  },
  {
    title: "Quick Tip: Optional Chaining Meets Nullish Coalescing",
    slug: "quick-tip-optional-chaining-and-nullish-coalescing",
    category: "javascript",
    author: "Daniel Okafor",
    excerpt:
      "Two small operators, ?. and ??, replace most defensive null checks, as long as you remember that ?? is not the same as ||.",
    publishedAt: "2026-10-20T07:30:00Z",
    content: md`
Reading a deeply nested value used to mean a chain of \`&&\` checks. **Optional chaining** (\`?.\`) stops and returns \`undefined\` as soon as it meets \`null\` or \`undefined\`, and **nullish coalescing** (\`??\`) supplies a default only for those two values.

\`\`\`js
const city = order?.customer?.address?.city ?? "Unknown";
const retries = config.retries ?? 3; // keeps an explicit 0
const label = user.nickname || user.name; // falls back on "" as well
\`\`\`

The difference from \`||\` matters: \`||\` falls back on *every* falsy value, so \`config.retries || 3\` silently turns a deliberate \`0\` into \`3\`. Use \`??\` for defaults, and keep \`||\` for the rare case where an empty string or zero really should be replaced.
`,
  },
];
