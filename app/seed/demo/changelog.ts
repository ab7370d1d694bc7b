import { TEAM_AUTHOR } from "./authors";
import { md } from "./md";
import type { SeedArticle } from "./types";

/** Release notes for DevPerspective itself, shown on What's New (category "changelog"). */
export const changelogEntries: SeedArticle[] = [
  {
    title: "DevPerspective 1.0: Hello, World",
    slug: "devperspective-1-0-hello-world",
    category: "changelog",
    author: TEAM_AUTHOR,
    excerpt:
      "DevPerspective is live: articles, tutorials and opinion pieces for developers, organised by topic and easy to search.",
    publishedAt: "2025-01-14T08:00:00Z",
    content: md`
Today we are launching **DevPerspective**, a publication for developers who want to understand the *why* behind the tools they use every day. Our tagline is "Code with Perspective", and every article is written by someone who has shipped the thing they are writing about.

## What's in 1.0

- **Articles by topic.** Browse JavaScript, React, CSS, DevTools, tutorials and opinion pieces from the Categories menu, or open any category page directly.
- **Readable article pages.** Syntax-highlighted code blocks, estimated reading time and a clean layout that works on phones as well as wide monitors.
- **Search.** The search box in the header looks through titles, excerpts and article text.
- **Accounts.** Register with an email address and password to get ready for the features we have planned.

## Built to work everywhere

Every page is rendered on the server, so articles load quickly and remain readable even when JavaScript is disabled or still loading. Forms, including sign in and search, are plain HTML forms that JavaScript enhances rather than replaces.

## What's next

We are already working on interview practice material and better ways to find related articles. If something looks wrong, or you have an idea, let us know. Thanks for reading!
`,
  },
  {
    title: "Release 1.1: Interview Prep and Search Filters",
    slug: "release-1-1-interview-prep-and-search-filters",
    category: "changelog",
    author: TEAM_AUTHOR,
    excerpt:
      "A new Interview Prep section with practice questions and answers, category filters for search, and more topics to explore.",
    publishedAt: "2025-06-17T08:00:00Z",
    imageUrl: "/images/articles/release-notes.svg",
    content: md`
Release 1.1 is out, and it is all about helping you practise and find things faster.

## Interview Prep

The new **Interview Prep** page collects practice questions on JavaScript, React, data structures and algorithms. Each question has a difficulty label (Easy, Medium or Hard) and an answer you can expand when you are ready, so you can try it yourself first. Many answers include runnable code.

Use the filter buttons to focus on one topic at a time.

## Search filters

Search results can now be narrowed by category. Open **Filters** on the search page, pick one or more categories, and the results update. Filters live in the URL, so you can bookmark or share a filtered search.

## More topics

We added categories for **TypeScript**, **Node.js**, **Database**, **AI & Development**, **DevOps**, **Data Structures** and **Algorithms**, and the home page now has an *Explore Topics* grid to jump straight into them.

## Fixes

- Long titles no longer overflow article cards on small screens.
- Code blocks scroll horizontally instead of stretching the page.
- Dates are shown consistently across cards and article pages.
`,
  },
  {
    title: "Release 1.2: Table of Contents, Reading Progress and Faster Pages",
    slug: "release-1-2-table-of-contents-and-reading-progress",
    category: "changelog",
    author: TEAM_AUTHOR,
    excerpt:
      "Long articles get a table of contents and a reading progress bar, previews with Continue Reading, and every page loads faster.",
    publishedAt: "2026-04-21T08:00:00Z",
    content: md`
Our longer articles have grown into proper deep dives, so release 1.2 focuses on making them easier to read and navigate.

## Table of contents

On large screens, articles now show a **table of contents** built from their section headings. Every heading has a stable anchor, so you can link straight to a section: copy the link from the table of contents and share it.

## Reading progress

A slim **progress bar** at the top of article pages shows how far you have read.

## Continue Reading

Long articles open with a short preview and a **Continue Reading** button that reveals the rest. After the full article you will find the author's card and a discussion section.

## Faster pages

We now render article content once, when it is published, instead of on every page view. Code highlighting, heading anchors and reading-time estimates are computed at save time, so article pages are served noticeably faster, especially under load.

## Fixes

- Keyboard focus is now always visible in the navigation menu.
- The mobile menu closes after you pick a link.
- Articles without a cover image now show a themed placeholder instead of an empty box.
`,
  },
  {
    title: "Release 1.3: Feeds, Sitemap and Better Sharing",
    slug: "release-1-3-feeds-sitemap-and-sharing",
    category: "changelog",
    author: TEAM_AUTHOR,
    excerpt:
      "Follow DevPerspective in your feed reader, share articles with proper previews, and find our content more easily from search engines.",
    publishedAt: "2026-11-10T08:00:00Z",
    content: md`
Release 1.3 is about meeting readers where they already are.

## Feeds

DevPerspective now publishes **RSS and Atom feeds** of the latest articles. Add the site to your feed reader and new articles will show up there as soon as they are published.

## Sitemap

A **sitemap** now lists every article and category page, which helps search engines discover new content quickly.

## Better sharing

Articles now include canonical links and richer metadata, so links shared on social networks and chat tools show the right title, description and image. The **Share** button on article pages opens a small window for Twitter, Facebook or LinkedIn with the title and link already filled in.

## Under the hood

- Page titles consistently end with the site name, which makes browser tabs and bookmarks easier to tell apart.
- Error pages explain what went wrong and offer useful links instead of a dead end.
- We continue to test every release with JavaScript both enabled and disabled.

Thank you to everyone who sent feedback on the previous releases. Keep it coming!
`,
  },
];
