/**
 * search_articles and its search document: kept up to date by the database, paginated with a
 * total, ranked then newest first, with a safe highlighted snippet. On every database.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, queryRows, setDatabaseHandle } from "~/db/db.server";
import { articles, authors, categories } from "~/db/schema";
import { renderMarkdown } from "~/markdown/markdown.server";
import { sanitizeSnippet, searchArticles } from "~/search/search.server";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";
import { type FixtureIds, fixtureArticles, insertSearchFixtures } from "./fixtures";

const slugsOf = async (keyword: string, categoryIds: number[] = []) =>
  (await searchArticles({ keyword, categoryIds, pageSize: 100 })).articles.map((a) => a.slug);

async function insertArticle(
  handle: DatabaseHandle,
  values: {
    slug: string;
    title: string;
    content: string;
    excerpt?: string | null;
    categoryId?: number | null;
    authorId?: number | null;
    publishedAt?: Date;
  },
) {
  const rendered = await renderMarkdown(values.content);
  const [row] = await handle.db
    .insert(articles)
    .values({
      slug: values.slug,
      title: values.title,
      content: values.content,
      contentHtml: rendered.html,
      previewHtml: rendered.previewHtml,
      toc: rendered.toc,
      readingMinutes: rendered.readingMinutes,
      excerpt: values.excerpt ?? null,
      categoryId: values.categoryId ?? null,
      authorId: values.authorId ?? null,
      publishedAt: values.publishedAt ?? new Date("2020-01-01T00:00:00Z"),
    })
    .returning({ id: articles.id });
  return row!.id;
}

describe.each(testDatabaseKinds())("search_articles (%s)", (kind) => {
  let handle: DatabaseHandle;
  let ids: FixtureIds;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
    ids = await insertSearchFixtures(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
  });

  describe("the search document follows the data", () => {
    it("indexes a new article and follows edits of its title, excerpt and content", async () => {
      const id = await insertArticle(handle, {
        slug: "zebra-notes",
        title: "Zebra Crossings",
        content: "Stripes everywhere.",
      });
      expect(await slugsOf("zebra")).toEqual(["zebra-notes"]);
      expect(await slugsOf("stripes")).toEqual(["zebra-notes"]);

      await handle.db
        .update(articles)
        .set({ title: "Giraffe Necks", content: "Tall stories." })
        .where(eq(articles.id, id));
      expect(await slugsOf("zebra")).toEqual([]);
      expect(await slugsOf("stripes")).toEqual([]);
      expect(await slugsOf("giraffe")).toEqual(["zebra-notes"]);

      await handle.db.update(articles).set({ excerpt: "Savanna wildlife" }).where(eq(articles.id, id));
      expect(await slugsOf("savanna")).toEqual(["zebra-notes"]);

      await handle.db.delete(articles).where(eq(articles.id, id));
      expect(await slugsOf("giraffe")).toEqual([]);
    });

    it("follows a renamed or deleted category", async () => {
      const [category] = await handle.db
        .insert(categories)
        .values({ name: "Quokka Studies", slug: "quokka-studies" })
        .returning({ id: categories.id });
      await insertArticle(handle, {
        slug: "marsupial-one",
        title: "Marsupials",
        content: "Pouches.",
        categoryId: category!.id,
      });
      expect(await slugsOf("quokka")).toEqual(["marsupial-one"]);

      await handle.db.update(categories).set({ name: "Wombat Studies" }).where(eq(categories.id, category!.id));
      expect(await slugsOf("quokka")).toEqual([]);
      expect(await slugsOf("wombat")).toEqual(["marsupial-one"]);

      // ON DELETE SET NULL rewrites the article: its document drops the category name.
      await handle.db.delete(categories).where(eq(categories.id, category!.id));
      expect(await slugsOf("wombat")).toEqual([]);
      expect(await slugsOf("marsupials")).toEqual(["marsupial-one"]);
      await handle.db.delete(articles).where(eq(articles.slug, "marsupial-one"));
    });

    it("follows a renamed or deleted author, and a changed author or category of the article", async () => {
      const [author] = await handle.db.insert(authors).values({ name: "Ottoline Quill" }).returning({ id: authors.id });
      const id = await insertArticle(handle, {
        slug: "penmanship",
        title: "Penmanship",
        content: "Ink.",
        authorId: author!.id,
      });
      expect(await slugsOf("ottoline")).toEqual(["penmanship"]);

      await handle.db.update(authors).set({ name: "Bartholomew Quill" }).where(eq(authors.id, author!.id));
      expect(await slugsOf("ottoline")).toEqual([]);
      expect(await slugsOf("bartholomew")).toEqual(["penmanship"]);

      await handle.db
        .update(articles)
        .set({ authorId: ids.authors["Maya Patel"], categoryId: ids.categories.css })
        .where(eq(articles.id, id));
      expect(await slugsOf("bartholomew")).toEqual([]);
      expect(await slugsOf("penmanship", [ids.categories.css])).toEqual(["penmanship"]);

      await handle.db.update(articles).set({ authorId: author!.id }).where(eq(articles.id, id));
      await handle.db.delete(authors).where(eq(authors.id, author!.id));
      expect(await slugsOf("bartholomew")).toEqual([]);
      await handle.db.delete(articles).where(eq(articles.id, id));
    });

    it("cannot be left stale or empty by writing the column directly", async () => {
      await handle.db.execute(
        sql`update articles set search_document = to_tsvector('simple', 'nonsense') where slug = 'js-closures'`,
      );
      expect(await slugsOf("nonsense")).toEqual([]);
      expect((await slugsOf("closures"))[0]).toBe("js-closures");
    });

    it("has the GIN and trigram indexes", async () => {
      // The search reads the narrow table article_search (its published rows, through partial
      // indexes); the dashboard's title search reads every row through the trigram index.
      const rows = await queryRows<{ tablename: string; indexname: string; indexdef: string }>(
        handle.db,
        sql`select tablename, indexname, indexdef from pg_indexes
            where indexname in ('article_search_document_idx', 'article_search_title_trgm_idx',
                                'article_search_recent_idx', 'articles_title_trgm_idx', 'articles_search_document_idx',
                                'article_search_title_words_idx', 'search_title_words_trgm_idx')
            order by indexname`,
      );
      expect(rows.map((row) => `${row.tablename}.${row.indexname}`)).toEqual([
        "article_search.article_search_document_idx",
        "article_search.article_search_recent_idx",
        "article_search.article_search_title_trgm_idx",
        "article_search.article_search_title_words_idx",
        "search_title_words.search_title_words_trgm_idx",
      ]);
      // The words and the article's category in one index (drizzle/0012), without a pending list:
      // the embedded database never vacuums, and every search would read that list whole.
      expect(rows[0]!.indexdef).toMatch(
        /USING gin \(document, search_filter_lexemes\(category_id\)\) WITH \(fastupdate='?off'?\) WHERE \(status = 'published'::text\)/,
      );
      expect(rows[1]!.indexdef).toMatch(/\(published_at DESC, article_id DESC\)$/);
      expect(rows[2]!.indexdef).toMatch(/USING gin \(title gin_trgm_ops\) WITH \(fastupdate='?off'?\)$/);
      // The typo fallback (drizzle/0013): the titles' words, and the vocabulary of those words.
      expect(rows[3]!.indexdef).toMatch(
        /USING gin \(search_title_lexemes\(title\)\) WITH \(fastupdate='?off'?\) WHERE \(status = 'published'::text\)/,
      );
      expect(rows[4]!.indexdef).toMatch(/USING gin \(word gin_trgm_ops\)$/);
    });

    it("keeps one search row per article, through publish, edit, unpublish and delete", async () => {
      const searchRow = async (id: number) =>
        (
          await queryRows<{ status: string; title: string; published: boolean; words: boolean }>(
            handle.db,
            sql`select status, title, published_at is not null as published,
                       document @@ to_tsquery('devperspective_search', 'zanzibarquux') as words
                from article_search where article_id = ${id}`,
          )
        )[0] ?? null;
      const [row] = await queryRows<{ id: number }>(
        handle.db,
        sql`insert into articles (title, slug, content, content_html, status, published_at)
            values ('Search row draft', 'search-row-draft', 'zanzibarquux body', '<p>zanzibarquux body</p>', 'draft', null)
            returning id`,
      );
      const id = row!.id;
      try {
        expect(await searchRow(id)).toEqual({
          status: "draft",
          title: "Search row draft",
          published: false,
          words: true,
        });
        expect(await slugsOf("zanzibarquux")).toEqual([]);
        await handle.db.execute(sql`update articles set status = 'published', published_at = now() where id = ${id}`);
        expect(await searchRow(id)).toEqual({
          status: "published",
          title: "Search row draft",
          published: true,
          words: true,
        });
        expect(await slugsOf("zanzibarquux")).toEqual(["search-row-draft"]);
        await handle.db.execute(
          sql`update articles set title = 'Search row edited', content = 'plain body' where id = ${id}`,
        );
        expect(await searchRow(id)).toEqual({
          status: "published",
          title: "Search row edited",
          published: true,
          words: false,
        });
        await handle.db.execute(sql`update articles set status = 'draft', published_at = null where id = ${id}`);
        expect(await searchRow(id)).toMatchObject({ status: "draft", published: false });
        expect(await slugsOf("edited")).not.toContain("search-row-draft");
      } finally {
        await handle.db.execute(sql`delete from articles where id = ${id}`);
      }
      expect(await searchRow(id)).toBeNull();
    });
  });

  describe("results", () => {
    it("returns the card fields, newest first for an empty keyword", async () => {
      const results = await searchArticles({ keyword: "" });
      expect(results.total).toBe(fixtureArticles.length);
      expect(results.articles).toHaveLength(12);
      const card = results.articles[0]!;
      const newest = [...fixtureArticles].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))[0]!;
      expect(card).toMatchObject({
        slug: newest.slug,
        title: newest.title,
        excerpt: newest.excerpt,
        imageUrl: null,
        categoryName: "Changelog",
        categorySlug: "changelog",
        authorName: null,
        publishedAt: new Date(newest.publishedAt).toISOString(),
        snippetHtml: null,
      });
      expect(card.readingMinutes).toBeGreaterThanOrEqual(1);
      const dates = results.articles.map((a) => a.publishedAt);
      expect(dates).toEqual([...dates].sort().reverse());
    });

    it("paginates with a total; past the last page it is empty but keeps the total", async () => {
      const first = await searchArticles({ keyword: "", page: 1 });
      const second = await searchArticles({ keyword: "", page: 2 });
      const third = await searchArticles({ keyword: "", page: 3 });
      expect(first.pageCount).toBe(Math.ceil(fixtureArticles.length / 12));
      expect(second.articles).toHaveLength(12);
      expect(third.articles).toHaveLength(fixtureArticles.length - 24);
      const all = [...first.articles, ...second.articles, ...third.articles].map((a) => a.slug);
      expect(new Set(all).size).toBe(fixtureArticles.length);
      const beyond = await searchArticles({ keyword: "", page: 9 });
      expect(beyond).toMatchObject({
        articles: [],
        total: fixtureArticles.length,
        page: 9,
        pageCount: first.pageCount,
      });
    });

    it("narrows to several categories at once", async () => {
      const results = await searchArticles({
        keyword: "",
        categoryIds: [ids.categories.react, ids.categories.devops],
        pageSize: 100,
      });
      expect(results.articles.length).toBeGreaterThan(0);
      expect(new Set(results.articles.map((a) => a.categorySlug))).toEqual(new Set(["react", "devops"]));
    });

    it("narrows a full-text search to categories with exactly the hits of those categories", async () => {
      // The categories are intersected with the words inside the GIN index (drizzle/0012).
      const everywhere = await searchArticles({ keyword: "react", pageSize: 100 });
      const chosen = [ids.categories.react, ids.categories.css];
      const within = await searchArticles({ keyword: "react", categoryIds: chosen, pageSize: 100 });
      const expected = everywhere.articles.filter((a) => a.categorySlug === "react" || a.categorySlug === "css");
      expect(within.articles.length).toBeGreaterThan(0);
      expect(within.articles.length).toBeLessThan(everywhere.articles.length);
      expect(within.total).toBe(expected.length);
      expect(new Set(within.articles.map((a) => a.slug))).toEqual(new Set(expected.map((a) => a.slug)));
    });

    it("highlights the matched words in the snippet", async () => {
      const [hit] = (await searchArticles({ keyword: "microtask" })).articles;
      expect(hit?.slug).toBe("js-event-loop");
      expect(hit?.snippetHtml).toMatch(/<mark>microtask<\/mark>/i);
      // Prefix matches are highlighted too.
      const [prefixHit] = (await searchArticles({ keyword: "microtas" })).articles;
      expect(prefixHit?.snippetHtml).toMatch(/<mark>microtask<\/mark>/i);
      // The snippet is text: no markdown code fences or heading marks.
      const [hooks] = (await searchArticles({ keyword: "cleanup" })).articles;
      expect(hooks?.slug).toBe("react-hooks-guide");
      expect(hooks?.snippetHtml).not.toMatch(/```|##/);
    });

    it("makes the snippet safe: article text is escaped and only <mark> is markup", async () => {
      await insertArticle(handle, {
        slug: "hostile-markup",
        title: "Hostile Markup",
        excerpt: "Quotes \" and ' and <b>bold</b> & ampersands",
        content:
          'Try <script>alert("xss")</script> and <img src=x onerror=alert(1)> in the krakatoa text. Sentinels \uE000krakatoa\uE001 too.',
      });
      const [hit] = (await searchArticles({ keyword: "krakatoa" })).articles;
      const html = hit!.snippetHtml!;
      expect(html).toContain("<mark>krakatoa</mark>");
      const withoutMarks = html.replace(/<\/?mark>/g, "");
      expect(withoutMarks).not.toMatch(/[<>]/);
      // ts_headline drops what its parser reads as tags (<script>); what is left is escaped.
      expect(html).not.toMatch(/<(?!\/?mark>)/);
      expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
      expect(html).toContain("&quot;xss&quot;");
      expect(html).not.toContain("\uE000");
      expect(html).not.toContain("\uE001");
      // Balanced marks.
      expect(html.match(/<mark>/g)?.length).toBe(html.match(/<\/mark>/g)?.length);
      await handle.db.delete(articles).where(eq(articles.slug, "hostile-markup"));
    });

    it("returns no snippet for typo matches and for the plain listing", async () => {
      const [typo] = (await searchArticles({ keyword: "kubernetis" })).articles;
      expect(typo?.slug).toBe("kubernetes-probes");
      expect(typo?.snippetHtml).toBeNull();
    });

    it("finds typos through the words of titles, as soon as a title is saved, with an exact total", async () => {
      // drizzle/0013: each word of the keyword is matched against the words of titles.
      const id = await insertArticle(handle, {
        slug: "quokka-hunting",
        title: "Hunting Quokkas With Flamegraphs",
        content: "Nothing here names the animal.",
      });
      expect(await slugsOf("quokas")).toEqual(["quokka-hunting"]);
      // Every word of the keyword must be matched; one close word each is enough.
      expect(await slugsOf("quokas flamegrafs")).toEqual(["quokka-hunting"]);
      expect(await slugsOf("quokas zyzzyvaxx")).toEqual([]);
      // A renamed title is found by its new words (its old words find nothing any more).
      await handle.db.update(articles).set({ title: "Hunting Wombats With Flamegraphs" }).where(eq(articles.id, id));
      expect(await slugsOf("wombts")).toEqual(["quokka-hunting"]);
      expect(await slugsOf("quokas")).toEqual([]);
      // The total counts every hit, and a page past the last one is empty (not another mode's rows).
      const [count] = await queryRows<{ n: number }>(
        handle.db,
        sql`select count(*)::int as n from articles
            where status = 'published' and lower(title) ~ '(^|[^a-z])(closures?|closured)([^a-z]|$)'`,
      );
      const typo = await searchArticles({ keyword: "clsures", pageSize: 1 });
      expect(typo.total).toBe(count!.n);
      expect((await searchArticles({ keyword: "clsures", pageSize: 1, page: typo.total + 1 })).articles).toEqual([]);
      await handle.db.delete(articles).where(eq(articles.id, id));
    });

    it("says when the results are close matches, and suggests the search they stand for", async () => {
      // drizzle/0014: the mode that answered and the suggested search come with the rows.
      const testing = await insertArticle(handle, {
        slug: "testing-without-mocks",
        title: "Testing Without Mocks",
        content: "Fakes, not mocks.",
      });
      const instrumentation = await insertArticle(handle, {
        slug: "instrumentation-basics",
        title: "Instrumentation Basics",
        content: "Counters and spans.",
      });
      try {
        const exact = await searchArticles({ keyword: "testing" });
        expect(exact.articles.map((a) => a.slug)).toContain("testing-without-mocks");
        expect(exact).toMatchObject({ closeMatches: false, didYouMean: null });

        const typo = await searchArticles({ keyword: "tesing" });
        expect(typo.articles.map((a) => a.slug)).toEqual(["testing-without-mocks"]);
        expect(typo).toMatchObject({ total: 1, closeMatches: true, didYouMean: "testing" });
        // Past the last page: still close matches (the mode comes from the call that reads the total).
        expect(await searchArticles({ keyword: "tesing", page: 3 })).toMatchObject({
          articles: [],
          total: 1,
          closeMatches: true,
          didYouMean: "testing",
        });
        // Several words: each replaced by its closest title word, in the keyword's order.
        expect(await searchArticles({ keyword: "Mocs tesing" })).toMatchObject({
          closeMatches: true,
          didYouMean: "mocks testing",
        });
        // A word that matches nothing lists nothing.
        expect(await searchArticles({ keyword: "zzqxjvkw" })).toMatchObject({
          articles: [],
          total: 0,
          closeMatches: false,
          didYouMean: null,
        });
        // A 25-letter made-up word whose last 15 letters are a title's word: its trigrams are half
        // in "instrumentation" (word_similarity 0.54, similarity 0.5, as "tesing" and "testing"),
        // but 10 letters longer is no typo.
        const madeUp = "zzqxjvkwpminstrumentation";
        expect(madeUp).toHaveLength(25);
        expect(await searchArticles({ keyword: madeUp })).toMatchObject({
          articles: [],
          total: 0,
          closeMatches: false,
        });
        // A typo of that word still finds it.
        expect((await searchArticles({ keyword: "instrumentaton" })).articles.map((a) => a.slug)).toEqual([
          "instrumentation-basics",
        ]);
        // A short word with a letter dropped still has its title word first ("seach" and "search":
        // similarity 0.44, which is why the words are not compared by similarity alone).
        const close = await queryRows<{ word: string }>(
          handle.db,
          sql`select w as word from search_close_title_words('seach') as w`,
        );
        expect(close[0]).toEqual({ word: "search" });
      } finally {
        await handle.db.delete(articles).where(eq(articles.id, testing));
        await handle.db.delete(articles).where(eq(articles.id, instrumentation));
      }
    });

    it("highlights a match deep in a long text, and shows a long text's beginning when only its title matched", async () => {
      // Snippets of long texts are cut around the first match before ts_headline (drizzle/0013).
      const filler = (word: string, n: number) => Array.from({ length: n }, (_, i) => `${word}${i % 7}`).join(" ");
      const deep = await insertArticle(handle, {
        slug: "deep-match",
        title: "A Long Walk",
        content: `Nonreactors first. ${filler("lorem", 600)} then the zanzibarian reactor started. ${filler("ipsum", 400)}`,
      });
      const titled = await insertArticle(handle, {
        slug: "title-only-match",
        title: "Zanzibarian Notes",
        content: `Opening words of this text. ${filler("dolor", 600)}`,
      });
      const hits = (await searchArticles({ keyword: "zanzibarian", pageSize: 100 })).articles;
      const snippet = (slug: string) => hits.find((hit) => hit.slug === slug)?.snippetHtml ?? "";
      expect(snippet("deep-match")).toMatch(/<mark>zanzibarian<\/mark> reactor/i);
      expect(snippet("title-only-match")).toMatch(/^Opening words of this text/);
      expect(snippet("title-only-match")).not.toContain("<mark>");
      // The first place the word's letters appear is inside a longer word ("Nonreactors", far
      // before the real match): the snippet still shows the real match.
      const [reactor] = (await searchArticles({ keyword: "reactor zanzibarian" })).articles;
      expect(reactor?.slug).toBe("deep-match");
      expect(reactor?.snippetHtml).toMatch(/<mark>reactor<\/mark>/i);
      await handle.db.delete(articles).where(eq(articles.id, deep));
      await handle.db.delete(articles).where(eq(articles.id, titled));
    });

    it("answers search_articles(keyword, category_ids) with two arguments, as the spec calls it", async () => {
      const rows = await queryRows<{ slug: string; total_count: number }>(
        handle.db,
        sql`select slug, total_count from search_articles('closures', ${`{${ids.categories.javascript}}`}::integer[])`,
      );
      expect(rows.map((row) => row.slug)).toEqual(["js-closures"]);
      expect(Number(rows[0]!.total_count)).toBe(1);
    });
  });
});

describe("sanitizeSnippet", () => {
  it("keeps <mark> and escapes any other markup", () => {
    expect(sanitizeSnippet("a <mark>b</mark> c")).toBe("a <mark>b</mark> c");
    expect(sanitizeSnippet("<script>x</script><mark>y</mark>")).toBe("&lt;script&gt;x&lt;/script&gt;<mark>y</mark>");
    expect(sanitizeSnippet('<mark onclick="x">y</mark>')).toBe('&lt;mark onclick="x"&gt;y</mark>');
    expect(sanitizeSnippet(null)).toBeNull();
    expect(sanitizeSnippet("")).toBeNull();
  });
});
