import { md } from "./md";
import type { SeedQuestion } from "./types";

const javascript: SeedQuestion[] = [
  {
    category: "javascript",
    difficulty: "Easy",
    question: "What is the difference between let, const and var?",
    answer: md`
- \`var\` is **function-scoped** and hoisted with the value \`undefined\`, so it can be used (as \`undefined\`) before its declaration. It can be redeclared.
- \`let\` and \`const\` are **block-scoped**. They are hoisted too, but sit in the *temporal dead zone* until the declaration runs: accessing them earlier throws a \`ReferenceError\`.
- \`const\` cannot be reassigned. It does **not** make the value immutable: the properties of a \`const\` object can still change.

\`\`\`js
const user = { name: "Ada" };
user.name = "Grace"; // fine
user = {};           // TypeError: Assignment to constant variable
\`\`\`

Prefer \`const\` by default and \`let\` when you need to reassign; avoid \`var\` in modern code.
`,
  },
  {
    category: "javascript",
    difficulty: "Easy",
    question: "What is the difference between == and ===?",
    answer: md`
\`===\` (strict equality) compares without type conversion: values of different types are never equal. \`==\` (loose equality) converts operands to a common type first, with rules that are easy to forget:

\`\`\`js
0 == "";          // true
"1" == 1;         // true
null == undefined; // true
null == 0;        // false
0 === "";         // false
\`\`\`

Use \`===\` everywhere. The one common idiom with \`==\` is \`value == null\`, which checks for both \`null\` and \`undefined\`.
`,
  },
  {
    category: "javascript",
    difficulty: "Easy",
    question: "What are truthy and falsy values in JavaScript?",
    answer: md`
In a boolean context (\`if\`, \`&&\`, \`||\`, \`!\`), every value is converted to \`true\` or \`false\`. The **falsy** values are:

- \`false\`, \`0\`, \`-0\`, \`0n\`
- \`""\` (empty string)
- \`null\`, \`undefined\`, \`NaN\`

Everything else is **truthy**, including \`"0"\`, \`"false"\`, \`[]\` and \`{}\`. This is why \`count || 10\` is a bug when \`count\` can legitimately be 0; use \`count ?? 10\`, which only falls back for \`null\` and \`undefined\`.
`,
  },
  {
    category: "javascript",
    difficulty: "Medium",
    question: "What is a closure, and what is a practical use for one?",
    answer: md`
A **closure** is a function bundled with references to the variables in the scope where it was created. The function can keep reading and updating those variables even after the outer function has returned.

\`\`\`js
function createCounter() {
  let count = 0;
  return () => ++count;
}

const next = createCounter();
next(); // 1
next(); // 2
\`\`\`

Practical uses: private state (nothing outside can touch \`count\`), factories and configuration (\`makeLogger("api")\`), memoisation caches, and event handlers or callbacks that need data from the surrounding code. Closures capture **variables, not values**, so a closure sees later changes to the variable.
`,
  },
  {
    category: "javascript",
    difficulty: "Medium",
    question:
      "Explain the event loop. In what order does this code log? console.log(1); setTimeout(() => console.log(2)); Promise.resolve().then(() => console.log(3)); console.log(4);",
    answer: md`
The output is **1, 4, 3, 2**.

JavaScript runs one task at a time on a single thread. After each task completes, the engine drains the **microtask queue** (promise callbacks, \`queueMicrotask\`) completely before taking the next **task** (timers, I/O, UI events).

1. The script itself is a task: it logs \`1\`, schedules a timer task, queues a promise microtask and logs \`4\`.
2. The script finishes, so microtasks run: \`3\`.
3. The next task is the timer: \`2\`.

A zero-delay timeout never runs before already-queued promise callbacks.
`,
  },
  {
    category: "javascript",
    difficulty: "Medium",
    question: "How does the value of this get determined?",
    answer: md`
For regular functions, \`this\` depends on **how the function is called**, not where it is defined:

- \`obj.method()\`: \`this\` is \`obj\`.
- Plain call \`fn()\`: \`undefined\` in strict mode (and in modules), the global object in sloppy mode.
- \`new Fn()\`: the newly created object.
- \`fn.call(x)\`, \`fn.apply(x)\`, \`fn.bind(x)\`: explicitly \`x\`.

**Arrow functions** have no \`this\` of their own; they use the \`this\` of the surrounding scope. That is why they are handy for callbacks inside methods:

\`\`\`js
class Timer {
  seconds = 0;
  start() {
    setInterval(() => this.seconds++, 1000); // arrow keeps the instance
  }
}
\`\`\`

A classic bug is passing a method as a callback (\`button.onclick = obj.handle\`), which loses \`obj\`; bind it or wrap it in an arrow function.
`,
  },
  {
    category: "javascript",
    difficulty: "Medium",
    question: "What is the difference between Promise.all, Promise.allSettled, Promise.race and Promise.any?",
    answer: md`
All four take an iterable of promises and return a promise:

- **\`Promise.all\`** fulfils with an array of all results, or rejects as soon as **any** input rejects.
- **\`Promise.allSettled\`** always fulfils, with \`{ status: "fulfilled", value }\` or \`{ status: "rejected", reason }\` for each input.
- **\`Promise.race\`** settles like the **first** input to settle, whether that is a fulfilment or a rejection.
- **\`Promise.any\`** fulfils with the first **fulfilment**, and rejects with an \`AggregateError\` only if all inputs reject.

\`\`\`js
const [user, posts] = await Promise.all([getUser(id), getPosts(id)]);
\`\`\`

Use \`all\` when you need every result, \`allSettled\` when partial failure is acceptable, \`race\` for timeouts, and \`any\` for "first mirror that answers".
`,
  },
  {
    category: "javascript",
    difficulty: "Medium",
    question: "How does prototypal inheritance work in JavaScript?",
    answer: md`
Every object has an internal link to another object, its **prototype** (accessible with \`Object.getPrototypeOf\`). When you read a property that the object does not have, JavaScript looks it up along this **prototype chain** until it finds it or reaches \`null\`.

\`\`\`js
const animal = { speak() { return \`\${this.name} makes a sound\`; } };
const dog = Object.create(animal);
dog.name = "Rex";
dog.speak(); // "Rex makes a sound", found on the prototype
\`\`\`

\`class\` syntax is built on the same mechanism: methods live on \`ClassName.prototype\`, and \`extends\` links one prototype to another. Writing a property always sets it on the object itself, shadowing the prototype's version rather than changing it.
`,
  },
  {
    category: "javascript",
    difficulty: "Hard",
    question: "Implement a debounce function.",
    answer: md`
Debouncing delays calling a function until it has not been called for \`wait\` milliseconds. Each new call cancels the pending one.

\`\`\`ts
function debounce<A extends unknown[]>(fn: (...args: A) => void, wait: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: A) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), wait);
  };
  debounced.cancel = () => clearTimeout(timer);
  return debounced;
}

const onResize = debounce(() => console.log(window.innerWidth), 200);
window.addEventListener("resize", onResize);
\`\`\`

Points interviewers look for: the latest arguments are used, the timer is cleared on every call, and there is a way to cancel (for example on component unmount). Compare with **throttle**, which runs at most once per interval instead of waiting for a pause.
`,
  },
  {
    category: "javascript",
    difficulty: "Hard",
    question: "How would you deep-clone an object, and what are the pitfalls?",
    answer: md`
Use **\`structuredClone\`**, built into browsers and Node.js:

\`\`\`js
const copy = structuredClone(original);
\`\`\`

It handles nested objects, arrays, \`Date\`, \`Map\`, \`Set\`, typed arrays and even circular references. It throws a \`DataCloneError\` for functions and DOM nodes, and it does not preserve class prototypes: instances come back as plain objects.

Pitfalls of the alternatives:

- \`JSON.parse(JSON.stringify(x))\` drops \`undefined\` and functions, turns \`Date\` into strings, loses \`Map\`/\`Set\`, and throws on cycles.
- Spread (\`{ ...x }\`) and \`Object.assign\` are **shallow**: nested objects are still shared.

A hand-written recursive clone must track already-visited objects in a \`WeakMap\` to handle cycles.
`,
  },
  {
    category: "javascript",
    difficulty: "Hard",
    question: "What causes memory leaks in JavaScript applications, and how do you find them?",
    answer: md`
JavaScript is garbage-collected: an object is freed once nothing **reachable** references it. Leaks happen when something long-lived keeps references you no longer need:

- Event listeners and subscriptions that are never removed.
- Timers (\`setInterval\`) that keep running and close over large data.
- Caches and module-level maps that grow without bound (consider \`WeakMap\` or an LRU limit).
- Detached DOM nodes still referenced from JavaScript.
- Closures that share a scope with a variable holding large data.

To find them, use the **Memory** panel in DevTools: take a heap snapshot, repeat the suspect action several times, take another snapshot and compare. Look at objects whose count keeps growing, and inspect their **retainers** to see what is holding them. In Node.js, the same snapshots are available through \`--inspect\`.
`,
  },
];

const react: SeedQuestion[] = [
  {
    category: "react",
    difficulty: "Easy",
    question: "What is the difference between props and state?",
    answer: md`
- **Props** are inputs passed to a component by its parent. The component must treat them as read-only.
- **State** is data a component owns and can change over time, with \`useState\` or \`useReducer\`. Updating state schedules a re-render.

\`\`\`tsx
function Counter({ step }: { step: number }) {   // step is a prop
  const [count, setCount] = useState(0);         // count is state
  return <button onClick={() => setCount(count + step)}>{count}</button>;
}
\`\`\`

When two components need the same data, **lift the state up** to their closest common parent and pass it down as props.
`,
  },
  {
    category: "react",
    difficulty: "Easy",
    question: "Why does React need a key prop when rendering lists?",
    answer: md`
Keys tell React which item is which between renders. When the list changes, React matches old and new elements by key to decide what to keep, move, insert or remove.

\`\`\`tsx
<ul>
  {todos.map((todo) => (
    <li key={todo.id}>{todo.text}</li>
  ))}
</ul>
\`\`\`

Keys must be **stable** and **unique among siblings**. Using the array index works only for lists that never reorder or filter; otherwise state (such as the text in an input inside an item) can end up attached to the wrong item. Random keys are worse: they remount every item on every render.
`,
  },
  {
    category: "react",
    difficulty: "Easy",
    question: "What is JSX?",
    answer: md`
JSX is a syntax extension that lets you write markup-like code inside JavaScript. A compiler turns it into function calls that create React elements:

\`\`\`tsx
const element = <h1 className="title">Hello, {name}</h1>;
// compiles to roughly:
// jsx("h1", { className: "title", children: ["Hello, ", name] })
\`\`\`

Differences from HTML: attributes are camelCase (\`onClick\`, \`tabIndex\`), \`class\` is \`className\`, \`for\` is \`htmlFor\`, every tag must be closed, and \`{}\` embeds any JavaScript expression. Values in \`{}\` are escaped, which protects against injection by default.
`,
  },
  {
    category: "react",
    difficulty: "Medium",
    question: "What does the useEffect dependency array do, and what happens if you omit it?",
    answer: md`
The dependency array lists the reactive values (props, state, and values derived from them) that the effect reads. React re-runs the effect after a render only if one of them changed (compared with \`Object.is\`).

- **No array**: the effect runs after **every** render.
- **Empty array** \`[]\`: runs after the first render only (and its cleanup on unmount).
- **\`[a, b]\`**: runs after the first render and whenever \`a\` or \`b\` changes.

Before re-running, React calls the previous effect's **cleanup** function. Leaving out a dependency the effect actually uses causes stale values; the \`react-hooks/exhaustive-deps\` lint rule catches this. If an effect runs too often, restructure the code rather than lying about dependencies.
`,
  },
  {
    category: "react",
    difficulty: "Medium",
    question: "When should you use useMemo and useCallback?",
    answer: md`
- \`useMemo(() => compute(a, b), [a, b])\` caches a **computed value** between renders.
- \`useCallback(fn, [deps])\` caches a **function identity**; it is \`useMemo(() => fn, deps)\`.

Use them when:

1. A computation is genuinely expensive (measure it).
2. A value or function is passed to a child wrapped in \`React.memo\`, or used as a dependency of another hook, and a new identity on every render would cause extra work.

\`\`\`tsx
const visible = useMemo(() => todos.filter((t) => matches(t, query)), [todos, query]);
const onSelect = useCallback((id: string) => setSelected(id), []);
\`\`\`

Do not wrap everything: memoisation has its own cost and makes code harder to read. The React Compiler can add this memoisation automatically in projects that use it.
`,
  },
  {
    category: "react",
    difficulty: "Medium",
    question: "What is the difference between controlled and uncontrolled components?",
    answer: md`
- A **controlled** input's value comes from React state, and every change goes through a handler: \`<input value={name} onChange={(e) => setName(e.target.value)} />\`. React is the source of truth, which makes validation-as-you-type and conditional UI easy.
- An **uncontrolled** input keeps its own value in the DOM. You give it a \`defaultValue\` and read it when needed, through a ref or from the submitted \`FormData\`.

\`\`\`tsx
function Signup() {
  return (
    <form action="/signup" method="post">
      <input name="email" type="email" defaultValue="" />
      <button type="submit">Sign up</button>
    </form>
  );
}
\`\`\`

Uncontrolled forms are simpler and work before JavaScript loads; controlled inputs give finer control. Do not switch a single input between the two.
`,
  },
  {
    category: "react",
    difficulty: "Medium",
    question: "How does React decide when to re-render a component?",
    answer: md`
A component re-renders when:

1. Its **state** changes (\`setState\` with a value that is not \`Object.is\`-equal to the current one).
2. Its **parent re-renders**. By default, children re-render even if their props did not change.
3. A **context** it reads with \`useContext\` changes value.

Re-rendering means calling the component function again and comparing the result; React then updates only the DOM nodes that actually changed. To skip unnecessary renders, wrap a child in \`React.memo\` (it then re-renders only when its props change by shallow comparison), keep state close to where it is used, and avoid creating new object or function props on every render when the child is memoised.
`,
  },
  {
    category: "react",
    difficulty: "Hard",
    question: "What problem does React reconciliation solve, and what are its main heuristics?",
    answer: md`
After a render, React has a new tree of elements and must update the DOM to match it with as few operations as possible. A general tree diff is O(n³); React uses two heuristics to make it **O(n)**:

1. **Different element types produce different trees.** If a \`<div>\` becomes a \`<section>\`, or \`<Profile>\` becomes \`<Settings>\`, React unmounts the old subtree (losing its state) and mounts a new one.
2. **Keys identify children across renders.** Within a list of siblings, elements with the same key are matched even if they moved.

Consequences worth knowing: defining a component *inside* another component creates a new type on every render, which remounts it and loses state each time; and changing a component's \`key\` is a deliberate way to reset its state.
`,
  },
  {
    category: "react",
    difficulty: "Hard",
    question: "Write a custom hook that fetches data and avoids race conditions.",
    answer: md`
\`\`\`tsx
type State<T> =
  | { status: "loading" }
  | { status: "error"; error: Error }
  | { status: "success"; data: T };

export function useFetchJson<T>(url: string): State<T> {
  const [state, setState] = useState<State<T>>({ status: "loading" });

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: "loading" });
    fetch(url, { signal: controller.signal })
      .then((res) => {
        if (!res.ok) throw new Error(\`HTTP \${res.status}\`);
        return res.json() as Promise<T>;
      })
      .then((data) => setState({ status: "success", data }))
      .catch((error: Error) => {
        if (error.name !== "AbortError") setState({ status: "error", error });
      });
    return () => controller.abort();
  }, [url]);

  return state;
}
\`\`\`

The cleanup aborts the previous request when \`url\` changes or the component unmounts, so a slow, stale response can never overwrite a newer one. A discriminated union for the state makes impossible combinations (loading *and* error) unrepresentable. In a real app, prefer your router's data loading or a data library, which add caching and deduplication.
`,
  },
  {
    category: "react",
    difficulty: "Hard",
    question: "What are React Server Components and how do they differ from server-side rendering?",
    answer: md`
**Server-side rendering (SSR)** renders your components to HTML on the server for a fast first paint, then sends *all* their JavaScript to the browser to **hydrate** the page and make it interactive.

**Server Components** are components that run *only* on the server (or at build time). Their code is never sent to the browser; instead, React sends a serialised description of their output. They can be \`async\` and access databases or files directly.

Key differences:

- Server Components reduce bundle size; SSR alone does not.
- Server Components cannot use state, effects or browser APIs. Interactive parts are **Client Components**, marked with \`"use client"\`, and those are still SSR-rendered and hydrated.
- Props passed from Server to Client Components must be serialisable.

They are complementary: frameworks that support Server Components typically also use SSR for the initial HTML.
`,
  },
];

const dataStructures: SeedQuestion[] = [
  {
    category: "data-structures",
    difficulty: "Easy",
    question: "What is the difference between an array and a linked list?",
    answer: md`
| | Array | Linked list |
| --- | --- | --- |
| Access by index | O(1) | O(n) |
| Insert/delete at the front | O(n) (shift elements) | O(1) |
| Insert/delete in the middle (given the node) | O(n) | O(1) |
| Memory | contiguous, cache-friendly | scattered nodes + pointers |

Arrays are the better default in almost every language because contiguous memory is very fast to iterate. Linked lists win when you frequently insert or remove at known positions, for example in an LRU cache combined with a hash map.
`,
  },
  {
    category: "data-structures",
    difficulty: "Easy",
    question: "What are a stack and a queue, and where are they used?",
    answer: md`
- A **stack** is **LIFO** (last in, first out): \`push\` and \`pop\` at the same end. Used for function calls (the call stack), undo history, depth-first search and matching brackets.
- A **queue** is **FIFO** (first in, first out): \`enqueue\` at the back, \`dequeue\` at the front. Used for breadth-first search, job processing and buffering events.

\`\`\`js
const stack = [];
stack.push(1); stack.push(2);
stack.pop(); // 2

const queue = [];
queue.push(1); queue.push(2);
queue.shift(); // 1, but O(n) for arrays: use a real deque for large queues
\`\`\`
`,
  },
  {
    category: "data-structures",
    difficulty: "Easy",
    question: "What is a hash map and what is the time complexity of its operations?",
    answer: md`
A hash map stores key-value pairs. A **hash function** turns each key into an array index (a bucket), so lookups do not need to scan the data.

- Lookup, insert and delete: **O(1) on average**.
- Worst case: **O(n)**, when many keys collide in the same bucket.

Collisions are handled by **chaining** (each bucket holds a list) or **open addressing** (probe for another free slot). When the table gets too full (its load factor exceeds a threshold), it **resizes** and rehashes all entries, which keeps insertions O(1) amortised. Hash maps do not keep keys sorted; use a balanced tree if you need ordering.
`,
  },
  {
    category: "data-structures",
    difficulty: "Medium",
    question: "What is a binary search tree, and why does balancing matter?",
    answer: md`
A **binary search tree (BST)** is a binary tree where, for every node, all keys in the left subtree are smaller and all keys in the right subtree are larger. Search, insert and delete follow a single path from the root, so they cost **O(h)**, where h is the height.

- In a **balanced** tree, h is O(log n).
- If you insert sorted data into a plain BST, every node goes to the right and the tree becomes a linked list: h = n, and operations become **O(n)**.

**Self-balancing** trees such as AVL trees and red-black trees rotate nodes on insert and delete to keep the height O(log n). An in-order traversal of a BST visits the keys in sorted order.
`,
  },
  {
    category: "data-structures",
    difficulty: "Medium",
    question: "How does a binary heap work, and what is it used for?",
    answer: md`
A binary **min-heap** is a complete binary tree where every parent is less than or equal to its children, so the minimum is always at the root. It is stored in an array: children of index \`i\` are at \`2i + 1\` and \`2i + 2\`, the parent at \`(i - 1) >> 1\`.

- **peek**: O(1).
- **push**: append, then *sift up* while smaller than the parent: O(log n).
- **pop**: move the last element to the root, then *sift down* to the smaller child: O(log n).
- **build from n items**: O(n).

Heaps implement **priority queues**: Dijkstra's algorithm, schedulers, merging k sorted lists, and keeping the top k items of a stream.
`,
  },
  {
    category: "data-structures",
    difficulty: "Medium",
    question: "How would you detect a cycle in a linked list?",
    answer: md`
Use **Floyd's tortoise and hare**: move one pointer one step at a time and another two steps. If there is a cycle, the fast pointer eventually meets the slow one; if there is none, the fast pointer reaches the end.

\`\`\`ts
type ListNode = { value: number; next: ListNode | null };

function hasCycle(head: ListNode | null): boolean {
  let slow = head;
  let fast = head;
  while (fast && fast.next) {
    slow = slow!.next;
    fast = fast.next.next;
    if (slow === fast) return true;
  }
  return false;
}
\`\`\`

O(n) time and **O(1)** extra space, compared with O(n) space for the simpler approach of storing visited nodes in a \`Set\`. To find where the cycle starts, reset one pointer to the head after they meet and advance both one step at a time; they meet again at the cycle's entry.
`,
  },
  {
    category: "data-structures",
    difficulty: "Medium",
    question: "What are the ways to represent a graph, and when would you choose each?",
    answer: md`
- **Adjacency list**: for each vertex, a list of its neighbours. Space O(V + E). Iterating a vertex's neighbours is fast. Best for **sparse** graphs, which most real graphs are (social networks, road maps, dependency graphs).
- **Adjacency matrix**: a V × V grid where cell (u, v) says whether an edge exists. Space O(V²). Checking a specific edge is O(1). Best for **dense** graphs or small V.
- **Edge list**: a plain list of (u, v, weight) triples. Simple; handy for algorithms like Kruskal's that process edges in sorted order.

\`\`\`js
const graph = new Map([
  ["a", ["b", "c"]],
  ["b", ["c"]],
  ["c", []],
]);
\`\`\`
`,
  },
  {
    category: "data-structures",
    difficulty: "Hard",
    question: "Design an LRU cache with O(1) get and put.",
    answer: md`
Combine a **hash map** (key → node) with a **doubly linked list** ordered by recency. \`get\` moves the node to the front; \`put\` inserts at the front and evicts from the back when over capacity. Every step is O(1).

In JavaScript, a \`Map\` already remembers insertion order, which gives a compact version:

\`\`\`ts
class LRUCache<K, V> {
  private map = new Map<K, V>();
  constructor(private capacity: number) {}

  get(key: K): V | undefined {
    if (!this.map.has(key)) return undefined;
    const value = this.map.get(key)!;
    this.map.delete(key); // re-insert to mark as most recently used
    this.map.set(key, value);
    return value;
  }

  put(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.capacity) {
      const oldest = this.map.keys().next().value as K; // first key = least recent
      this.map.delete(oldest);
    }
  }
}
\`\`\`

In an interview, be ready to explain the explicit linked-list version too: the \`Map\` trick relies on a language guarantee that not every language offers.
`,
  },
  {
    category: "data-structures",
    difficulty: "Hard",
    question: "What is a trie, and when is it better than a hash set of strings?",
    answer: md`
A **trie** (prefix tree) stores strings character by character along paths from the root; words sharing a prefix share nodes, and nodes that complete a word are marked.

- Insert and exact lookup: **O(L)** for a string of length L, regardless of how many strings are stored.
- **Prefix queries** ("all words starting with \`re\`") find the prefix node in O(L) and then walk only the matching subtree.

A hash set also offers O(L) lookups (hashing reads the whole string) but cannot answer prefix queries without scanning everything. Tries are therefore the natural fit for autocomplete, spell checking and IP routing tables (longest-prefix match). Their downside is memory: many small nodes. Radix trees compress chains of single-child nodes to reduce it.
`,
  },
  {
    category: "data-structures",
    difficulty: "Hard",
    question: "What is a union-find (disjoint set) structure and how is it made fast?",
    answer: md`
**Union-find** tracks a partition of elements into disjoint sets, with two operations: \`find(x)\` returns a representative of x's set, and \`union(a, b)\` merges two sets.

\`\`\`ts
class UnionFind {
  parent: number[];
  rank: number[];
  constructor(n: number) {
    this.parent = Array.from({ length: n }, (_, i) => i);
    this.rank = new Array(n).fill(0);
  }
  find(x: number): number {
    if (this.parent[x] !== x) this.parent[x] = this.find(this.parent[x]!); // path compression
    return this.parent[x]!;
  }
  union(a: number, b: number): boolean {
    let ra = this.find(a);
    let rb = this.find(b);
    if (ra === rb) return false;
    if (this.rank[ra]! < this.rank[rb]!) [ra, rb] = [rb, ra];
    this.parent[rb] = ra; // union by rank
    if (this.rank[ra] === this.rank[rb]) this.rank[ra]!++;
    return true;
  }
}
\`\`\`

With **path compression** and **union by rank**, each operation takes O(α(n)) amortised, where α is the inverse Ackermann function, effectively constant. Uses: Kruskal's minimum spanning tree, counting connected components, detecting cycles in undirected graphs.
`,
  },
];

const algorithms: SeedQuestion[] = [
  {
    category: "algorithms",
    difficulty: "Easy",
    question: "What is Big O notation?",
    answer: md`
Big O describes how an algorithm's running time (or memory) **grows** as the input size n grows, ignoring constant factors and smaller terms. It usually refers to the worst case.

- O(1): constant, e.g. array index.
- O(log n): binary search.
- O(n): one pass over the data.
- O(n log n): efficient sorting.
- O(n²): nested loops over the same data.

\`\`\`js
// O(n²): includes() scans the array on every iteration
items.filter((x) => others.includes(x));
// O(n + m): Set lookups are O(1) on average
const set = new Set(others);
items.filter((x) => set.has(x));
\`\`\`
`,
  },
  {
    category: "algorithms",
    difficulty: "Easy",
    question: "Implement binary search on a sorted array.",
    answer: md`
\`\`\`ts
function binarySearch(sorted: number[], target: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (sorted[mid] === target) return mid;
    if (sorted[mid]! < target) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
\`\`\`

Each step halves the search range, so it runs in **O(log n)** time and O(1) space. The array must be sorted. Common bugs: using \`lo < hi\` with \`hi = length - 1\` (misses the last candidate) and updating \`lo = mid\` instead of \`mid + 1\` (infinite loop).
`,
  },
  {
    category: "algorithms",
    difficulty: "Easy",
    question: "Given an array of numbers and a target, return the indices of two numbers that add up to the target.",
    answer: md`
The brute force checks every pair in O(n²). A hash map brings it to **O(n)**: for each number, check whether its complement has already been seen.

\`\`\`python
def two_sum(nums: list[int], target: int) -> tuple[int, int] | None:
    seen: dict[int, int] = {}
    for i, n in enumerate(nums):
        if target - n in seen:
            return seen[target - n], i
        seen[n] = i
    return None

two_sum([2, 7, 11, 15], 9)  # (0, 1)
\`\`\`

O(n) time, O(n) extra space. If the array is already sorted, two pointers moving inward solve it in O(n) time with O(1) space.
`,
  },
  {
    category: "algorithms",
    difficulty: "Medium",
    question: "Compare merge sort and quicksort.",
    answer: md`
| | Merge sort | Quicksort |
| --- | --- | --- |
| Average time | O(n log n) | O(n log n) |
| Worst time | O(n log n) | O(n²) (bad pivots) |
| Extra space | O(n) | O(log n) stack |
| Stable | yes | no (typical in-place version) |

- **Merge sort** splits the array in half, sorts each half recursively and merges them. Predictable and stable; great for linked lists and external sorting of data that does not fit in memory.
- **Quicksort** partitions around a pivot and recurses on each side. In-place and cache-friendly, usually faster in practice; random or median-of-three pivots make the worst case unlikely.

Standard libraries often use hybrids: TimSort (merge sort + insertion sort, used by V8 and Python) or introsort (quicksort that falls back to heapsort).
`,
  },
  {
    category: "algorithms",
    difficulty: "Medium",
    question: "What is the difference between BFS and DFS, and when would you use each?",
    answer: md`
- **Breadth-first search (BFS)** explores all neighbours at distance 1, then distance 2, and so on, using a **queue**. It finds the **shortest path in an unweighted graph**.
- **Depth-first search (DFS)** follows one path as far as possible before backtracking, using a **stack** or recursion. It is natural for cycle detection, topological sorting, connected components and exploring all paths.

\`\`\`python
from collections import deque

def shortest_path_length(graph, start, goal):
    queue = deque([(start, 0)])
    seen = {start}
    while queue:
        node, dist = queue.popleft()
        if node == goal:
            return dist
        for nxt in graph[node]:
            if nxt not in seen:
                seen.add(nxt)
                queue.append((nxt, dist + 1))
    return -1
\`\`\`

Both run in O(V + E). BFS may use more memory on wide graphs; recursive DFS can overflow the stack on deep ones.
`,
  },
  {
    category: "algorithms",
    difficulty: "Medium",
    question: "Find the length of the longest substring without repeating characters.",
    answer: md`
Use a **sliding window**: extend the right edge one character at a time, and when a character repeats inside the window, move the left edge just past its previous occurrence.

\`\`\`ts
function longestUniqueSubstring(s: string): number {
  const lastSeen = new Map<string, number>();
  let start = 0;
  let best = 0;
  for (let end = 0; end < s.length; end++) {
    const ch = s[end]!;
    const prev = lastSeen.get(ch);
    if (prev !== undefined && prev >= start) start = prev + 1;
    lastSeen.set(ch, end);
    best = Math.max(best, end - start + 1);
  }
  return best;
}

longestUniqueSubstring("abcabcbb"); // 3 ("abc")
\`\`\`

Each index enters and leaves the window at most once: **O(n)** time, O(k) space for k distinct characters.
`,
  },
  {
    category: "algorithms",
    difficulty: "Medium",
    question: "What is dynamic programming? Solve the coin change problem (fewest coins to make an amount).",
    answer: md`
Dynamic programming solves problems with **overlapping subproblems** and **optimal substructure** by solving each subproblem once and reusing the result.

For coin change, let \`dp[a]\` be the fewest coins that make amount \`a\`. Then \`dp[0] = 0\` and \`dp[a] = 1 + min(dp[a - c])\` over coins \`c <= a\`.

\`\`\`ts
function coinChange(coins: number[], amount: number): number {
  const dp = new Array<number>(amount + 1).fill(Infinity);
  dp[0] = 0;
  for (let a = 1; a <= amount; a++) {
    for (const c of coins) {
      if (c <= a && dp[a - c]! + 1 < dp[a]!) dp[a] = dp[a - c]! + 1;
    }
  }
  return dp[amount] === Infinity ? -1 : dp[amount]!;
}

coinChange([1, 5, 6, 9], 11); // 2 (5 + 6)
\`\`\`

O(amount × coins) time, O(amount) space. Note that the greedy approach (always take the largest coin) fails here: it gives 9 + 1 + 1 = 3 coins.
`,
  },
  {
    category: "algorithms",
    difficulty: "Hard",
    question: "Explain Dijkstra's algorithm and its complexity.",
    answer: md`
Dijkstra's algorithm finds the shortest paths from a source to every vertex in a graph with **non-negative** edge weights. It repeatedly takes the unvisited vertex with the smallest known distance (using a **min-heap**) and relaxes its outgoing edges.

\`\`\`python
import heapq

def dijkstra(graph: dict[str, list[tuple[str, int]]], source: str) -> dict[str, int]:
    dist = {source: 0}
    heap = [(0, source)]
    while heap:
        d, node = heapq.heappop(heap)
        if d > dist.get(node, float("inf")):
            continue  # stale entry
        for nxt, weight in graph[node]:
            nd = d + weight
            if nd < dist.get(nxt, float("inf")):
                dist[nxt] = nd
                heapq.heappush(heap, (nd, nxt))
    return dist
\`\`\`

With a binary heap it runs in **O((V + E) log V)**. It fails with negative weights, because a vertex's distance might improve after it has been finalised; use **Bellman-Ford** (O(V·E)) in that case, which also detects negative cycles.
`,
  },
  {
    category: "algorithms",
    difficulty: "Hard",
    question:
      "How do you produce a topological ordering of a directed graph, and how do you detect a cycle while doing it?",
    answer: md`
A **topological order** lists the vertices so that every edge u → v has u before v, like ordering build steps or course prerequisites. It exists only for directed acyclic graphs.

**Kahn's algorithm** repeatedly removes vertices with no incoming edges:

\`\`\`ts
function topoSort(n: number, edges: [number, number][]): number[] | null {
  const indegree = new Array<number>(n).fill(0);
  const out: number[][] = Array.from({ length: n }, () => []);
  for (const [u, v] of edges) {
    out[u]!.push(v);
    indegree[v]!++;
  }
  const queue = indegree.flatMap((d, v) => (d === 0 ? [v] : []));
  const order: number[] = [];
  for (let i = 0; i < queue.length; i++) {
    const u = queue[i]!;
    order.push(u);
    for (const v of out[u]!) if (--indegree[v]! === 0) queue.push(v);
  }
  return order.length === n ? order : null; // null: there is a cycle
}
\`\`\`

If some vertices never reach indegree 0, they are part of (or behind) a cycle, so fewer than n vertices are output. O(V + E) time. The DFS alternative outputs vertices in reverse post-order and detects a cycle when it meets a vertex that is still on the recursion stack.
`,
  },
  {
    category: "algorithms",
    difficulty: "Hard",
    question: "Find the k-th largest element in an unsorted array. What are the options and their complexities?",
    answer: md`
1. **Sort** and index: O(n log n). Simple and often good enough.
2. **Min-heap of size k**: push each element, pop when the heap exceeds k; the root is the answer. **O(n log k)** time, O(k) space; works on streams.
3. **Quickselect**: partition like quicksort, but recurse only into the side containing the k-th position. **O(n) average**, O(n²) worst case; a random pivot makes the worst case very unlikely.

\`\`\`python
import random

def kth_largest(nums: list[int], k: int) -> int:
    target = len(nums) - k  # index in ascending order
    lo, hi = 0, len(nums) - 1
    while True:
        pivot = nums[random.randint(lo, hi)]
        lt = [x for x in nums[lo:hi + 1] if x < pivot]
        eq = [x for x in nums[lo:hi + 1] if x == pivot]
        gt = [x for x in nums[lo:hi + 1] if x > pivot]
        nums[lo:hi + 1] = lt + eq + gt
        if target < lo + len(lt):
            hi = lo + len(lt) - 1
        elif target < lo + len(lt) + len(eq):
            return pivot
        else:
            lo = lo + len(lt) + len(eq)
\`\`\`

This version uses extra memory for clarity; an in-place partition (Lomuto or Hoare) keeps it O(1) extra space. The median-of-medians pivot rule guarantees O(n) worst case but is rarely worth it in practice.
`,
  },
];

export const questions: SeedQuestion[] = [...javascript, ...react, ...dataStructures, ...algorithms];
