import { md } from "../md";
import type { SeedArticle } from "../types";

export const typescriptArticles: SeedArticle[] = [
  {
    title: "Discriminated Unions: Making Impossible States Impossible",
    slug: "discriminated-unions-impossible-states",
    category: "typescript",
    author: "Sofia Lindqvist",
    excerpt:
      "A loading flag, an error field and a data field allow eight combinations, and only three make sense. Discriminated unions let the compiler rule out the other five.",
    publishedAt: "2025-03-25T09:00:00Z",
    imageUrl: "/images/articles/discriminated-unions.svg",
    content: md`
Some of the most common bugs in front-end code are not logic errors. They are *state* errors: a spinner that never goes away, an error message shown next to valid data, a "no results" message flashing before the results load. They happen because our types allow states that should never exist. TypeScript's **discriminated unions** let us describe exactly the states that *can* exist, and the compiler then refuses to let us forget one.

## The problem with flags

Here is a type for the result of a request that you have probably seen, or written:

\`\`\`ts
type RequestState = {
  loading: boolean;
  error?: Error;
  data?: User[];
};
\`\`\`

It looks reasonable, but count the combinations. \`loading\` can be true or false, \`error\` present or absent, \`data\` present or absent: eight combinations. Only three or four of them are meaningful. What does \`{ loading: true, error, data }\` mean? Which one should the UI show? Every component that consumes this type has to answer that question, and they will not all answer it the same way.

## Describe the states, not the fields

A discriminated union is a union of object types that share a property with a **literal type**, the *discriminant*:

\`\`\`ts
type RequestState =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "error"; error: Error }
  | { status: "success"; data: User[] };
\`\`\`

Now there are exactly four states, and each one carries only the data that makes sense for it. There is no way to construct a value that is both loading and failed, or successful without data.

## Narrowing does the rest

When you check the discriminant, TypeScript **narrows** the type inside that branch:

\`\`\`tsx
function UserList({ state }: { state: RequestState }) {
  switch (state.status) {
    case "idle":
      return null;
    case "loading":
      return <Spinner />;
    case "error":
      return <ErrorMessage error={state.error} />;
    case "success":
      return (
        <ul>
          {state.data.map((user) => (
            <li key={user.id}>{user.name}</li>
          ))}
        </ul>
      );
  }
}
\`\`\`

Inside \`case "error"\`, TypeScript knows \`state.error\` exists. Try to read \`state.data\` there and you get a compile error. No optional chaining, no non-null assertions, no "this should never happen" comments.

## Exhaustiveness checking

The real payoff arrives months later, when someone adds a state. Suppose we add \`{ status: "refreshing"; data: User[] }\` for background refreshes. We want every \`switch\` over \`RequestState\` to be updated. A tiny helper makes forgetting impossible:

\`\`\`ts
function assertNever(value: never): never {
  throw new Error(\`Unexpected value: \${JSON.stringify(value)}\`);
}

switch (state.status) {
  case "idle":
    return null;
  // ...other cases...
  default:
    return assertNever(state);
}
\`\`\`

In the \`default\` branch, \`state\` has been narrowed to whatever cases remain unhandled. If every case is handled, that is \`never\` and the call type-checks. If someone adds \`"refreshing"\` and forgets this switch, \`state\` is the refreshing type, which is not assignable to \`never\`, and the build fails pointing at exactly the right line.

With \`strict\` mode and a function that declares its return type, TypeScript also reports a missing case through "not all code paths return a value", but \`assertNever\` works everywhere, including in statements that return nothing.

## Modelling actions and events

Discriminated unions are just as useful for things that *happen* as for things that *are*. Reducers are the classic example:

\`\`\`ts
type CartAction =
  | { type: "add"; productId: string; quantity: number }
  | { type: "remove"; productId: string }
  | { type: "clear" };

function cartReducer(cart: Cart, action: CartAction): Cart {
  switch (action.type) {
    case "add":
      return addItem(cart, action.productId, action.quantity);
    case "remove":
      return removeItem(cart, action.productId);
    case "clear":
      return emptyCart();
    default:
      return assertNever(action);
  }
}
\`\`\`

The same pattern works for WebSocket messages, analytics events and the results of operations that can fail in several distinct ways.

### Results instead of exceptions

For expected failures, a result union makes error handling visible in the type signature:

\`\`\`ts
type ParseResult =
  | { ok: true; value: Config }
  | { ok: false; error: "missing-file" | "invalid-json" | "unknown-key"; detail: string };
\`\`\`

Callers cannot access \`value\` without first checking \`ok\`, and the set of possible errors is documented by the type itself. Exceptions are still the right tool for genuinely unexpected failures; results suit the ones you plan for.

## Validating data from the outside world

Types disappear at runtime, so a discriminated union is only trustworthy if the data was validated when it entered your program. For JSON from an API or a form, parse it with a schema library such as Zod, whose \`z.discriminatedUnion\` produces exactly these types, or write a small hand-rolled type guard. Never cast unknown input with \`as\`.

## Practical guidelines

- Choose a **single, consistently named discriminant** per domain, such as \`status\`, \`type\` or \`kind\`.
- Use **string literals**, not booleans, once you have more than two states. \`isLoading\` plus \`isError\` is two flags pretending to be an enum.
- Put data **inside** the variant that owns it, never as optional fields on a shared base.
- Add \`assertNever\` to every \`switch\` over a union that is likely to grow.

Discriminated unions move a whole class of bugs from runtime to compile time. They cost a few extra lines of type definitions, and they pay for themselves the first time the compiler points at the component you forgot to update.
`,
  },
  {
    title: "satisfies, as const and Getting Inference on Your Side",
    slug: "satisfies-as-const-and-inference",
    category: "typescript",
    author: "Sofia Lindqvist",
    excerpt:
      "Type annotations can make your types less precise. Learn when to annotate, when to use as const, and how satisfies gives you checking without widening.",
    publishedAt: "2025-12-09T11:00:00Z",
    imageUrl: "/images/articles/satisfies-operator.svg",
    content: md`
It is tempting to annotate everything in TypeScript. More types must mean more safety, right? Not always. An annotation tells the compiler "treat this value as exactly this type", and that can throw away precise information the compiler had already inferred. Two tools help you keep it: \`as const\` and the \`satisfies\` operator.

## Annotations widen

\`\`\`ts
type Route = { path: string; auth: boolean };

const routes: Record<string, Route> = {
  home: { path: "/", auth: false },
  admin: { path: "/admin", auth: true },
};

routes.admin.path; // string
routes.dashbord;   // no error: any string key is allowed
\`\`\`

The annotation checked our object, but afterwards the compiler only knows it is *some* \`Record<string, Route>\`. The typo \`dashbord\` compiles, and the exact keys are lost.

## \`as const\` keeps literals

\`as const\` asks for the narrowest type: literal values, readonly properties, tuples instead of arrays.

\`\`\`ts
const directions = ["north", "south", "east", "west"] as const;
type Direction = (typeof directions)[number]; // "north" | "south" | "east" | "west"
\`\`\`

This is the idiomatic way to derive a union type from a runtime list, so the list and the type can never drift apart.

## \`satisfies\` checks without widening

\`satisfies\` validates that a value matches a type, but the variable keeps its own inferred type:

\`\`\`ts
const routes = {
  home: { path: "/", auth: false },
  admin: { path: "/admin", auth: true },
} satisfies Record<string, Route>;

routes.admin.path; // string
routes.dashbord;   // error: Property 'dashbord' does not exist
\`\`\`

We get both: a compile error if a route is malformed (say, \`auth: "yes"\`) **and** precise knowledge of which keys exist.

## Combining them

\`as const satisfies\` is a powerful pair for configuration objects:

\`\`\`ts
const theme = {
  colors: { primary: "#2563eb", danger: "#dc2626" },
  radius: 8,
} as const satisfies {
  colors: Record<string, \`#\${string}\`>;
  radius: number;
};

type ColorName = keyof typeof theme.colors; // "primary" | "danger"
\`\`\`

The color values must look like hex strings, and the literal keys and values are preserved for later use.

## When to annotate anyway

- **Function parameters**: always; they cannot be inferred.
- **Function return types** on exported functions: they document intent and stop accidental changes from leaking into callers.
- **Empty initial values**, like \`const items: Item[] = []\`, where there is nothing to infer from.

Everywhere else, let inference work and use \`satisfies\` when you want a check. Your types will be both safer and more precise.
`,
  },
  {
    title: "Generic Constraints Without Tears",
    slug: "generic-constraints-without-tears",
    category: "typescript",
    author: "Sofia Lindqvist",
    excerpt:
      "Generics look scary until you see them as function parameters for types. Constraints with extends and keyof turn them into precise, reusable tools.",
    publishedAt: "2026-08-18T08:45:00Z",
    content: md`
If you can write a function with parameters, you can write generics. A generic is a **parameter for a type**: the caller provides it (or TypeScript infers it), and the function's signature uses it to connect inputs to outputs.

## The identity of a generic

\`\`\`ts
function first<T>(items: T[]): T | undefined {
  return items[0];
}

const n = first([1, 2, 3]);      // number | undefined
const s = first(["a", "b"]);     // string | undefined
\`\`\`

Without the generic, we would return \`unknown\` or \`any\` and lose the connection between the array's element type and the result.

## Constraints with \`extends\`

Often a function needs *something* about \`T\`. A constraint says what:

\`\`\`ts
function longest<T extends { length: number }>(a: T, b: T): T {
  return a.length >= b.length ? a : b;
}

longest("hello", "hi");      // string
longest([1, 2], [1, 2, 3]);  // number[]
longest(10, 20);             // error: number has no 'length'
\`\`\`

Inside the function we can use \`.length\`, and the caller still gets back the precise type they passed in.

## \`keyof\` and indexed access

The most useful constraint pattern connects an object to its keys:

\`\`\`ts
function pluck<T, K extends keyof T>(items: T[], key: K): T[K][] {
  return items.map((item) => item[key]);
}

const users = [{ id: 1, name: "Ada" }, { id: 2, name: "Linus" }];
pluck(users, "name"); // string[]
pluck(users, "id");   // number[]
pluck(users, "email"); // error: not a key of the user type
\`\`\`

\`K extends keyof T\` limits the key to real property names, and \`T[K]\` looks up the type of that property.

## Defaults and inference

Generic parameters can have defaults, just like function parameters:

\`\`\`ts
type ApiResponse<T = unknown> = { data: T; receivedAt: Date };
\`\`\`

Prefer letting TypeScript infer type arguments from values. If you find yourself writing \`fn<string>(...)\` everywhere, the signature may not be connecting its inputs to its type parameters.

## Three rules of thumb

1. **A type parameter should appear at least twice**, for example in a parameter and the return type. If it appears only once, you probably want a plain type instead.
2. **Constrain as little as possible.** Ask for \`{ length: number }\`, not \`string | unknown[]\`.
3. **Name parameters meaningfully** once there is more than one: \`TItem\` and \`TKey\` read better than \`T\` and \`U\` in long signatures.

Generics are not an advanced feature to avoid. They are how you write one well-typed helper instead of five copies.
`,
  },
];
