import { feedArticles } from "~/discovery/feeds.server";
import { conditionalResponse } from "~/discovery/http-cache.server";
import { env } from "~/env.server";
import { getSiteSettings } from "~/settings/settings.server";
import { TAGLINE } from "~/lib/meta";
import type { Route } from "./+types/llms";
import { cacheHandle } from "~/cache/route-tags";
import { tags } from "~/cache/tags";

/** /llms.txt (llmstxt.org): the site in brief and its newest articles as markdown links. */

/** The cached page carries these tags (app/cache/tags.ts): writes that announce one drop it. */
export const handle = cacheHandle(() => [tags.feeds]);

export async function loader({ request }: Route.LoaderArgs) {
  const { SITE_URL } = env();
  const { siteName: SITE_NAME } = await getSiteSettings();
  const items = await feedArticles();
  const lines = [
    `# ${SITE_NAME}`,
    "",
    `> ${TAGLINE}: a publication for developers — articles, tutorials and opinion on JavaScript, React, CSS, TypeScript, Node.js, databases, DevOps and AI, plus interview practice.`,
    "",
    `Every article is available as markdown at ${SITE_URL}/post/{slug}.md (or with \`Accept: text/markdown\`).`,
    "",
    "## Newest articles",
    "",
    ...items.map(
      (item) =>
        `- [${item.title}](${SITE_URL}/post/${item.slug}.md)${item.excerpt ? `: ${item.excerpt.replace(/\s+/g, " ")}` : ""}`,
    ),
    "",
    "## Site",
    "",
    `- [Search](${SITE_URL}/search): full-text search of every article`,
    `- [Interview Prep](${SITE_URL}/interview-prep): practice questions with answers`,
    `- [What's New](${SITE_URL}/whats-new): the changelog`,
    `- [RSS feed](${SITE_URL}/rss.xml)`,
    "",
  ];
  const updated = items.reduce<Date | null>(
    (latest, item) => (!latest || item.updatedAt > latest ? item.updatedAt : latest),
    null,
  );
  return conditionalResponse(request, lines.join("\n"), {
    contentType: "text/plain; charset=utf-8",
    lastModified: updated,
  });
}
