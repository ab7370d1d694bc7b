import { md } from "../md";
import type { SeedArticle } from "../types";

export const cssArticles: SeedArticle[] = [
  {
    title: "Container Queries in Practice",
    slug: "container-queries-in-practice",
    category: "css",
    author: "Maya Chen",
    excerpt:
      "Media queries ask how big the screen is; container queries ask how big the component's box is. That small change makes truly reusable components possible.",
    publishedAt: "2025-05-20T10:00:00Z",
    imageUrl: "/images/articles/container-queries.svg",
    content: md`
For years, responsive design meant media queries: change the layout when the *viewport* crosses a width. That works for page-level layout, but it breaks down for components. A card placed in a wide main column and in a narrow sidebar sees the same viewport, yet needs two different layouts.

**Container queries** let a component respond to the size of its container instead. They are supported in all modern browsers.

## Declaring a container

First, mark an element as a query container with \`container-type\`. Naming it is optional but makes intent clear:

\`\`\`css
.card-slot {
  container-type: inline-size;
  container-name: card;
}
\`\`\`

\`inline-size\` means the container's width (in horizontal writing modes) can be queried. Avoid \`container-type: size\` unless you really need the height, because it requires the element's height to not depend on its content.

## Querying it

\`\`\`css
.card {
  display: grid;
  gap: 1rem;
}

@container card (min-width: 30rem) {
  .card {
    grid-template-columns: 10rem 1fr;
  }
}
\`\`\`

Now the card switches to a side-by-side layout whenever *its slot* is at least 30rem wide, whether that slot is in a sidebar, a modal or a full-width hero.

## Container query units

Inside a container you can size things relative to it with \`cqi\` (1% of the container's inline size), \`cqb\`, \`cqmin\` and \`cqmax\`. These are great for typography that should scale with the component:

\`\`\`css
.card h3 {
  font-size: clamp(1rem, 4cqi, 1.5rem);
}
\`\`\`

## Things that trip people up

- **An element cannot query itself.** The query matches the nearest ancestor container, so put \`container-type\` on a wrapper.
- **Containment has side effects.** \`inline-size\` containment means the container's width no longer depends on its children, so a container inside a shrink-to-fit parent (like an inline-block or a flex item with \`width: auto\`) can collapse. Give it an explicit width or let it stretch.
- **Media queries are still useful.** Use them for page-level layout and user preferences like \`prefers-reduced-motion\`; use container queries for components.

## A rule of thumb

If the question is "how much room does *this component* have?", use a container query. If the question is "what kind of device or user preference is this?", use a media query. Most design systems end up with both, and the components become genuinely drop-anywhere.
`,
  },
  {
    title: "Cascade Layers: Taming Specificity for Good",
    slug: "cascade-layers-taming-specificity",
    category: "css",
    author: "Maya Chen",
    excerpt:
      "@layer lets you decide which styles win by declaring an order, not by escalating selectors. Here is how to structure a real stylesheet with it.",
    publishedAt: "2026-01-27T09:00:00Z",
    imageUrl: "/images/articles/cascade-layers.svg",
    content: md`
Every large stylesheet eventually develops a specificity arms race. A component style does not apply, so someone adds a class. A third-party widget overrides it, so someone adds an ID. Finally someone reaches for \`!important\`, and the next person has to use \`!important\` too. **Cascade layers** end the arms race by giving you a way to say "these styles win over those styles" *regardless of selector specificity*.

## How the cascade decides today

When two declarations target the same property on the same element, the browser compares them in order:

1. **Origin and importance** (user-agent, user and author styles; \`!important\` flips the order).
2. **Context** (for example, styles from inside a shadow root).
3. **Element-attached styles**: the \`style\` attribute.
4. **Cascade layers**: the new step.
5. **Specificity**: IDs beat classes beat element selectors.
6. **Order of appearance**: later wins.

Because layers come *before* specificity, a simple selector in a later layer beats a complicated selector in an earlier layer. That is the entire trick, and it is powerful.

## Declaring the order up front

The first \`@layer\` statement with a list of names fixes the order for the whole page. Put it at the very top of your main stylesheet:

\`\`\`css
@layer reset, base, vendor, components, utilities;
\`\`\`

Later layers win. Now you can fill the layers in any order, from any file:

\`\`\`css
@layer reset {
  *, *::before, *::after { box-sizing: border-box; }
  body { margin: 0; }
}

@layer base {
  a { color: var(--link); }
  h1, h2, h3 { line-height: 1.2; }
}

@layer components {
  .button {
    padding: 0.5rem 1rem;
    border-radius: 0.5rem;
    background: var(--accent);
  }
}

@layer utilities {
  .hidden { display: none; }
}
\`\`\`

A \`.hidden\` utility now beats \`#sidebar .nav .button\` in the components layer, because utilities is a later layer. No \`!important\` needed.

## Taming third-party CSS

Layers are especially useful for CSS you do not control. The \`@import\` rule accepts a layer:

\`\`\`css
@import url("date-picker.css") layer(vendor);
\`\`\`

Everything in that file now sits in the \`vendor\` layer, below your components, so your styles win even if the library uses deeply nested selectors.

## Unlayered styles win

This surprises everyone once: styles that are **not** in any layer are treated as belonging to an implicit final layer, so they beat every named layer. That is a deliberate design choice for incremental adoption. You can put new code in layers while old, unlayered code keeps working exactly as before.

It also means that if you forget to wrap a file in a layer, it quietly overrides everything. Linting for stray unlayered rules is worth it once you commit to layers.

### The \`!important\` reversal

For important declarations the layer order is **reversed**: an \`!important\` in the \`reset\` layer beats an \`!important\` in \`utilities\`. This lets low layers protect things that must never be overridden, such as accessibility-related resets. In practice, with layers you should rarely need \`!important\` at all.

## Nesting layers

Layers can be nested, which is handy for design systems that ship their own internal ordering:

\`\`\`css
@layer components {
  @layer base, variants;

  @layer base {
    .badge { padding: 0 0.5rem; }
  }
  @layer variants {
    .badge--danger { background: crimson; }
  }
}
\`\`\`

From outside, you refer to them as \`components.base\` and \`components.variants\`.

## Inspecting layers

Modern browser DevTools show the layer of each rule in the Styles pane and can display the full layer order. When a style "does not apply", check the layer before you check specificity.

## A migration plan that works

1. Add the layer order statement at the top of your entry stylesheet.
2. Move your reset and base styles into their layers first; they are the least risky.
3. Import third-party CSS into a \`vendor\` layer.
4. Move components one folder at a time, testing visually as you go.
5. Delete \`!important\` declarations that only existed to win specificity fights.

Cascade layers do not make CSS simpler by hiding the cascade. They make it simpler by letting you state your intent explicitly. Once the layer order is written down, the question "why does this style win?" has an answer you can read at the top of a file.
`,
  },
  {
    title: "Fluid Typography with clamp()",
    slug: "fluid-typography-with-clamp",
    category: "css",
    author: "Maya Chen",
    excerpt:
      "One line of CSS replaces a ladder of breakpoints: clamp() scales text smoothly between a minimum and a maximum size.",
    publishedAt: "2025-11-04T13:00:00Z",
    content: md`
Typography that jumps from 24px to 32px at a breakpoint looks fine on the two devices you tested and slightly off on everything in between. **Fluid typography** scales continuously with the viewport instead, and \`clamp()\` makes it a one-liner.

## The syntax

\`clamp(MIN, PREFERRED, MAX)\` returns the preferred value, but never less than the minimum and never more than the maximum:

\`\`\`css
h1 {
  font-size: clamp(1.75rem, 1.2rem + 2.5vw, 3rem);
}
\`\`\`

On a small phone the heading is 1.75rem; on a large monitor it is capped at 3rem; in between it grows smoothly.

## Why mix rem and vw

A preferred value of pure \`vw\`, like \`5vw\`, has a serious accessibility problem: it ignores the user's font-size preference and does not grow with browser zoom the way people expect. Adding a \`rem\` term (\`1.2rem + 2.5vw\`) keeps text responsive to user settings. Keep the minimum and maximum in \`rem\` for the same reason.

## Calculating the preferred value

If you want the size to be exactly MIN at one viewport width and exactly MAX at another, solve a straight line. For 1.75rem at 20rem (320px) and 3rem at 80rem (1280px):

- slope = (3 − 1.75) / (80 − 20) = 0.02083, which is **2.083vw**
- intercept = 1.75 − 0.02083 × 20 = **1.333rem**

\`\`\`css
h1 {
  font-size: clamp(1.75rem, 1.333rem + 2.083vw, 3rem);
}
\`\`\`

## Build a scale with custom properties

\`\`\`css
:root {
  --step-0: clamp(1rem, 0.95rem + 0.25vw, 1.125rem);
  --step-1: clamp(1.25rem, 1.1rem + 0.6vw, 1.5rem);
  --step-2: clamp(1.5rem, 1.2rem + 1.2vw, 2.25rem);
  --step-3: clamp(1.75rem, 1.333rem + 2.083vw, 3rem);
}

body { font-size: var(--step-0); }
h2 { font-size: var(--step-2); }
\`\`\`

The same technique works for spacing: fluid padding and gaps make layouts feel proportional at every size.

## Where not to use it

Body text should change only a little, perhaps 16px to 18px, because comfortable reading size does not depend much on screen width. Save the dramatic ranges for display headings. And always test at 200% zoom: text must still be able to grow.
`,
  },
  {
    title: "Quick Tip: Use :focus-visible for Keyboard-Friendly Focus Styles",
    slug: "quick-tip-focus-visible",
    category: "css",
    author: "Maya Chen",
    excerpt:
      "Removing focus outlines hurts keyboard users; showing them on every mouse click annoys everyone else. :focus-visible gives you both.",
    publishedAt: "2025-09-09T07:30:00Z",
    content: md`
Designers often ask for the focus ring to disappear after a mouse click, and \`outline: none\` is the tempting fix. It also makes the page unusable for keyboard users, who rely on that ring to know where they are.

The \`:focus-visible\` pseudo-class matches only when the browser decides focus should be shown, typically for keyboard navigation, and not for a mouse click on a button:

\`\`\`css
button:focus-visible,
a:focus-visible {
  outline: 3px solid #2563eb;
  outline-offset: 2px;
}
\`\`\`

Style \`:focus-visible\` generously, leave the browser defaults for plain \`:focus\` alone, and both your designers and your keyboard users will be happy.
`,
  },
];
