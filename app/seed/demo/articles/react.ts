import { md } from "../md";
import type { SeedArticle } from "../types";

export const reactArticles: SeedArticle[] = [
  {
    title: "React Server Components Without the Hype",
    slug: "react-server-components-without-the-hype",
    category: "react",
    author: "Maya Chen",
    excerpt:
      "Server Components change where your components run, not how you write them. A grounded look at what they solve, what they cost and when to skip them.",
    publishedAt: "2025-09-22T08:00:00Z",
    featured: true,
    imageUrl: "/images/articles/server-components.svg",
    content: md`
React Server Components (RSC) have been the most discussed React feature of the last few years, and also the most misunderstood. Some people describe them as a return to PHP, others as the end of client-side React. Neither is accurate. This article explains what Server Components are, in plain terms, and gives you a framework for deciding whether they belong in your project.

## The problem they address

A typical client-rendered React page does a lot of work in the browser:

1. Download the JavaScript bundle for every component on the page.
2. Render, discover that data is missing, and start fetching it.
3. Render again once the data arrives, possibly discovering *more* data to fetch.

Step 1 grows with every library you import, including the markdown parser, the date library and the syntax highlighter that only ever run once per page. Steps 2 and 3 create **waterfalls**: requests that could have started together start one after another.

Server-side rendering (SSR) helps with the first paint, but the browser still downloads and runs all the component code to *hydrate* the page. Server Components attack the bundle size and the waterfalls directly.

## What a Server Component is

A Server Component is a component that **only ever runs on the server** (or at build time). Its code is never sent to the browser. It can be \`async\`, and it can read from a database or the file system directly:

\`\`\`tsx
// ArticlePage.tsx: a Server Component (the default in RSC frameworks)
import { db } from "./db";
import { renderMarkdown } from "./markdown";
import { LikeButton } from "./LikeButton";

export default async function ArticlePage({ slug }: { slug: string }) {
  const article = await db.article.findUnique({ where: { slug } });
  if (!article) return <p>Article not found</p>;

  const html = await renderMarkdown(article.content);
  return (
    <article>
      <h1>{article.title}</h1>
      <div dangerouslySetInnerHTML={{ __html: html }} />
      <LikeButton articleId={article.id} initialLikes={article.likes} />
    </article>
  );
}
\`\`\`

The markdown renderer and the database client never reach the browser. What *is* sent is a serialized description of the rendered tree, the RSC payload, which React on the client merges into the page.

## Client Components are still components

Interactivity still needs code in the browser. A file that starts with the \`"use client"\` directive marks the boundary: that module and everything it imports become part of the client bundle.

\`\`\`tsx
"use client";

import { useState } from "react";

export function LikeButton({ articleId, initialLikes }: { articleId: number; initialLikes: number }) {
  const [likes, setLikes] = useState(initialLikes);
  return (
    <button type="button" onClick={() => setLikes((n) => n + 1)} data-article={articleId}>
      {likes} likes
    </button>
  );
}
\`\`\`

Client Components are rendered on the server during SSR *and* hydrated in the browser, exactly like components in a traditional SSR app. The directive is a module-graph boundary, not a statement that the component never runs on the server.

### The rules at the boundary

- Server Components can render Client Components and pass them props.
- Props crossing the boundary must be **serializable**: strings, numbers, plain objects, arrays, dates, promises and JSX. Functions cannot cross, except Server Functions.
- Client Components cannot import Server Components, but they can receive them as \`children\` or other JSX props. That is how you put server-rendered content inside an interactive shell.
- Hooks like \`useState\` and \`useEffect\` only work in Client Components, because Server Components render once and have no lifecycle.

## What you gain

- **Smaller bundles.** Heavy dependencies used only for rendering stay on the server.
- **Fewer waterfalls.** Data fetching happens close to the data, often in parallel, without a client-server round trip per component.
- **Simpler data access.** No API endpoint written solely to feed one component.
- **Streaming.** Combined with \`Suspense\`, slow parts of the page can stream in after the fast parts.

## What it costs

Server Components are not free, and it is worth being honest about the trade-offs:

- **You need a framework or bundler integration.** RSC requires coordination between the bundler, the server and the router. You are buying into that framework's conventions.
- **A new mental model.** Deciding which side of the boundary a component lives on is a real design decision, and mistakes show up as confusing serialization errors.
- **Server load.** Rendering moves to your servers. For a mostly static site that is fine; for a highly interactive dashboard it may just add latency.
- **Caching becomes your problem.** Fetching in components is convenient, but you need to think about deduplication and cache invalidation on the server.

## When to use them, and when not to

Server Components shine for **content-heavy pages with islands of interactivity**: blogs, documentation, e-commerce product pages, marketing sites with a few widgets. The page is mostly data turned into markup, and most of that markup never needs to change in the browser.

They help much less for **highly interactive applications**: editors, design tools, real-time dashboards. There, nearly every component needs state and event handlers, so nearly everything ends up as a Client Component anyway.

If you are building with a router that already gives you **loaders** (functions that fetch data on the server for each route) you get many of the same benefits, like no client-side waterfalls and data access without a dedicated API, with a smaller conceptual jump. Loaders do not shrink your bundle the way Server Components can, but for many apps that is not the bottleneck.

## A checklist before adopting RSC

- Measure your current bundle and identify what is large and *why*.
- Count how many components genuinely need browser state.
- Check that your hosting can run server rendering close to your data.
- Prototype one route, including error handling and loading states, before migrating everything.

Server Components are a genuinely useful tool. They are not a mandate. Adopt them where they remove real cost, and keep the simpler model where it serves you just as well.
`,
  },
  {
    title: "useEffect Is Not a Lifecycle Method",
    slug: "useeffect-is-not-a-lifecycle-method",
    category: "react",
    author: "Maya Chen",
    excerpt:
      "Thinking of useEffect as componentDidMount leads to race conditions and redundant renders. Treat it as synchronisation with an external system instead.",
    publishedAt: "2025-04-08T11:00:00Z",
    imageUrl: "/images/articles/use-effect.svg",
    content: md`
If you learned React with class components, it is natural to map hooks onto the old lifecycle: \`useEffect(fn, [])\` is \`componentDidMount\`, the cleanup is \`componentWillUnmount\`, and so on. That mapping is the root of many subtle bugs. A better mental model is the one the React docs now teach: **an effect synchronises your component with something outside React.**

## Ask "what am I synchronising with?"

Good reasons to use an effect all involve an external system:

- Subscribing to a WebSocket, an event emitter or \`window\` events.
- Controlling a non-React widget, such as a map or a video player.
- Fetching data when the relevant props change (though a router loader or a data library is often better).

Bad reasons usually involve only React state:

\`\`\`tsx
// Don't: derived state through an effect causes an extra render
const [fullName, setFullName] = useState("");
useEffect(() => {
  setFullName(\`\${first} \${last}\`);
}, [first, last]);

// Do: compute it during render
const fullName = \`\${first} \${last}\`;
\`\`\`

If a value can be computed from props or state, compute it. If the computation is expensive, wrap it in \`useMemo\`.

## Events belong in event handlers

Sending an analytics event when the user clicks "Buy" is not synchronisation; it is a reaction to a specific interaction. Put it in the click handler. Effects run because a component *rendered with certain values*, not because the user did something.

## Always clean up, and handle races

An effect that fetches data must handle the case where the inputs change before the response arrives:

\`\`\`tsx
useEffect(() => {
  const controller = new AbortController();
  fetch(\`/api/users/\${userId}\`, { signal: controller.signal })
    .then((response) => response.json())
    .then(setUser)
    .catch((error) => {
      if (error.name !== "AbortError") setError(error);
    });
  return () => controller.abort();
}, [userId]);
\`\`\`

Without the abort, switching quickly from user 1 to user 2 can display user 1's data if that response happens to arrive last.

## Why Strict Mode runs effects twice

In development, Strict Mode mounts, unmounts and remounts every component once. This is deliberate: if your effect breaks when it runs twice, it would also break when a user navigates away and back, or when React preserves state across a hidden and revealed subtree. The fix is never "use a ref to skip the second run"; it is a correct cleanup function.

## The dependency array is not a knob

The dependency array describes which reactive values the effect reads. It is not a way to control *when* the effect runs. If you find yourself leaving a value out to avoid re-running, restructure: move the value inside the effect, use the updater form of \`setState\`, or extract a non-reactive piece of logic.

Once you think of effects as synchronisation, most of them either disappear or become obviously correct.
`,
  },
  {
    title: "Building Accessible Forms in React",
    slug: "building-accessible-forms-in-react",
    category: "react",
    author: "Maya Chen",
    excerpt:
      "Labels, error messages and focus management make the difference between a form everyone can use and one that silently excludes people.",
    publishedAt: "2026-07-14T09:30:00Z",
    content: md`
Forms are where users give you something: their email, their money, their time. They are also where accessibility problems hurt the most, because a user who cannot complete a form cannot complete the task. The good news is that the fixes are mostly plain HTML, and React does nothing to get in the way.

## Every input needs a real label

A placeholder is not a label. It disappears as soon as the user types, it usually has poor contrast, and not every screen reader announces it.

\`\`\`tsx
<label htmlFor="email">Email address</label>
<input id="email" name="email" type="email" autoComplete="email" required />
\`\`\`

Use \`useId()\` to generate ids in reusable components so two instances on the same page never collide:

\`\`\`tsx
function TextField({ label, ...props }: { label: string } & React.ComponentProps<"input">) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      <input id={id} {...props} />
    </div>
  );
}
\`\`\`

## Connect error messages to their fields

A red border is invisible to a screen reader and hard to see for many people with colour-vision deficiencies. Put the error in text and associate it with the input:

\`\`\`tsx
<input
  id={id}
  aria-invalid={error ? true : undefined}
  aria-describedby={error ? \`\${id}-error\` : undefined}
/>
{error && <p id={\`\${id}-error\`}>{error}</p>}
\`\`\`

Now the error is read out when the field receives focus.

## Move focus on failed submit

When the user submits a form with errors, move focus to the first invalid field, or to an error summary at the top of the form that links to each field. Otherwise a keyboard or screen-reader user presses Enter and nothing seems to happen.

## Let the browser help

- Use the right \`type\` (\`email\`, \`tel\`, \`url\`, \`number\`) for better mobile keyboards.
- Use \`autoComplete\` tokens like \`email\`, \`current-password\` and \`new-password\` so password managers work.
- Use a real \`<button type="submit">\` inside a real \`<form>\`. Enter submits the form, and the form still works before JavaScript loads.

## Test with a keyboard first

Before reaching for any tool, unplug the mouse. Can you reach every field with Tab? Can you see where focus is? Can you submit, read the errors and fix them? That five-minute check finds the majority of real problems. Automated tools like axe catch missing labels and contrast issues, and a quick pass with a screen reader catches the rest.

Accessible forms are not a special feature. They are just forms that work.
`,
  },
];
