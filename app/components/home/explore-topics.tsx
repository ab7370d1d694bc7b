/** Explore Topics: the spec's eight category tiles. */
import { Link } from "react-router";
import { CATEGORY_LINKS } from "~/lib/site-nav";

export const TOPICS = [
  {
    ...CATEGORY_LINKS.react,
    mark: "Re",
    blurb: "Components, hooks and rendering",
    tone: "from-sky-600 to-cyan-700 text-white",
  },
  {
    ...CATEGORY_LINKS.javascript,
    mark: "JS",
    blurb: "The language of the web",
    tone: "from-yellow-300 to-amber-400 text-gray-950",
  },
  {
    ...CATEGORY_LINKS.typescript,
    mark: "TS",
    blurb: "Types that catch real bugs",
    tone: "from-blue-600 to-indigo-700 text-white",
  },
  {
    ...CATEGORY_LINKS.css,
    mark: "CSS",
    blurb: "Layout and modern styling",
    tone: "from-pink-600 to-rose-700 text-white",
  },
  {
    ...CATEGORY_LINKS.nodejs,
    mark: "N",
    blurb: "JavaScript on the server",
    tone: "from-green-700 to-emerald-700 text-white",
  },
  {
    ...CATEGORY_LINKS.database,
    mark: "DB",
    blurb: "SQL, indexes and data models",
    tone: "from-slate-600 to-slate-800 text-white",
  },
  {
    ...CATEGORY_LINKS.aiDevelopment,
    mark: "AI",
    blurb: "Models in everyday work",
    tone: "from-teal-700 to-violet-700 text-white",
  },
  {
    ...CATEGORY_LINKS.devops,
    mark: "Ops",
    blurb: "Ship safely to production",
    tone: "from-orange-600 to-red-700 text-white",
  },
] as const;

export function ExploreTopics() {
  return (
    <section aria-labelledby="explore-topics" className="mx-auto max-w-7xl px-4 pt-16 sm:px-6 sm:pt-20">
      <div className="max-w-2xl">
        <h2 id="explore-topics" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          Explore Topics
        </h2>
        <p className="mt-2 text-ink-muted">
          Dive deep into the technologies and concepts that matter to developers, one topic at a time.
        </p>
      </div>
      <ul className="mt-8 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {TOPICS.map((topic) => (
          <li key={topic.to}>
            <Link
              to={topic.to}
              className="group flex h-full items-center gap-3 rounded-xl border border-line bg-surface-raised p-3 shadow-sm transition hover:-translate-y-0.5 hover:border-line-strong hover:shadow-md sm:gap-4 sm:p-4"
            >
              <span
                aria-hidden="true"
                className={`inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br text-xs font-extrabold shadow-sm sm:size-12 sm:text-sm ${topic.tone}`}
              >
                {topic.mark}
              </span>
              <span className="min-w-0">
                <span className="block text-sm font-semibold break-words text-ink group-hover:text-brand sm:text-base">
                  {topic.name}
                </span>
                <span className="mt-0.5 hidden text-sm text-ink-muted sm:block">{topic.blurb}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
