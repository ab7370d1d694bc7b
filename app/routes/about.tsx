import { Link } from "react-router";
import { SocialLinks } from "~/components/site-footer";
import { buttonClass } from "~/components/ui/button";
import { useSiteName } from "~/components/use-site-name";
import { siteNameFrom, TAGLINE } from "~/lib/meta";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/about";
import { cacheHandle } from "~/cache/route-tags";
import { tags } from "~/cache/tags";

const technologies = [
  { name: "React", note: "Server-rendered UI that works before JavaScript loads" },
  { name: "React Router", note: "Nested routes, loaders and actions" },
  { name: "TypeScript", note: "Strict types from the database to the page" },
  { name: "Node.js", note: "The server runtime" },
  { name: "PostgreSQL", note: "Articles, categories and full-text search" },
  { name: "Tailwind CSS", note: "Design tokens, light and dark themes" },
  { name: "Shiki", note: "Syntax highlighting for code samples" },
  { name: "Zod", note: "One schema validates forms in the browser and on the server" },
];

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "About",
    description: `${siteNameFrom(matches)} shares developer knowledge: articles, tutorials and opinions about modern development.`,
    path: "/about",
  });

const sectionHeading = "text-2xl font-bold tracking-tight text-ink";
const primaryButton = buttonClass({ size: "lg" });
const secondaryButton = buttonClass({ variant: "secondary", size: "lg" });

export default function About() {
  const siteName = useSiteName();
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="border-b border-line pb-10">
        <p className="text-sm font-semibold tracking-wider text-brand uppercase">{TAGLINE}</p>
        <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-ink sm:text-5xl">About {siteName}</h1>
        <p className="mt-4 max-w-2xl text-lg text-ink-muted">
          A publication for developers, by developers: practical articles, hands-on tutorials and opinions about how we
          build software today.
        </p>
      </header>

      <div className="mt-12 space-y-14">
        <section aria-labelledby="mission">
          <h2 id="mission" className={sectionHeading}>
            Our Mission
          </h2>
          <p className="mt-4 leading-relaxed text-ink-muted">
            Our mission is sharing developer knowledge. Every developer has learned something the hard way — a debugging
            trick, a pattern that finally clicked, a tool that saved a week. We want those lessons written down clearly,
            with working code, so the next developer learns them the easy way.
          </p>
        </section>

        <section aria-labelledby="story">
          <h2 id="story" className={sectionHeading}>
            Our Story
          </h2>
          <div className="mt-4 space-y-4 leading-relaxed text-ink-muted">
            <p>
              {siteName} started as a handful of notes passed between developers who were tired of tutorials that
              stopped at “hello world”. The notes became articles, the articles found readers, and the readers started
              writing back.
            </p>
            <p>
              Today we publish deep dives on JavaScript, React, CSS and developer tooling, step-by-step tutorials,
              interview preparation and opinion pieces — each one written to give you a new perspective on the code you
              write every day.
            </p>
          </div>
        </section>

        <section aria-labelledby="technologies">
          <h2 id="technologies" className={sectionHeading}>
            Technologies We Use
          </h2>
          <p className="mt-4 text-ink-muted">This site is built with the same tools we write about:</p>
          <ul className="mt-6 grid gap-3 sm:grid-cols-2">
            {technologies.map((technology) => (
              <li key={technology.name} className="rounded-lg border border-line bg-surface-raised p-4">
                <span className="block font-semibold text-ink">{technology.name}</span>
                <span className="mt-1 block text-sm text-ink-muted">{technology.note}</span>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="contact" className="rounded-2xl border border-line bg-surface-sunken p-6 sm:p-10">
          <h2 id="contact" className={sectionHeading}>
            Get in Touch
          </h2>
          <p className="mt-4 max-w-2xl text-ink-muted">
            Have a question, a correction or an idea for an article? We would love to hear from you — and if you have a
            perspective to share, write for us.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to="/contact" className={primaryButton}>
              Contact Us
            </Link>
            <Link to="/write-for-us" className={secondaryButton}>
              Write for Us
            </Link>
          </div>
          <SocialLinks
            className="mt-6 flex flex-wrap gap-3"
            linkClassName="inline-flex size-11 items-center justify-center rounded-full border border-line bg-surface text-ink-muted transition-colors hover:border-brand hover:text-brand"
          />
        </section>
      </div>
    </div>
  );
}

/** The cached page carries these tags (app/cache/tags.ts): writes that announce one drop it. */
export const handle = cacheHandle(() => [tags.static]);
