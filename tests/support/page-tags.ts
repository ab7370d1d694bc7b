/**
 * The page tagger the server builds from the production build's route manifest, built here from
 * the route table (app/routes.ts) and its modules, so tests ask the same question the server does.
 */
import path from "node:path";
import type { ServerBuild } from "react-router";
import { createPageTagger } from "~/http/page-tags.server";

type Entry = { id?: string; file: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Entry[] };

const appDir = path.resolve(import.meta.dirname, "../../app");
const { default: table } = (await import("~/routes")) as { default: Entry[] };

export const routeIdOf = (entry: Entry) => entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");

/** Every route of the table with its parent and its module (the root's children have "root"). */
export async function routeManifest(): Promise<ServerBuild["routes"]> {
  const manifest: ServerBuild["routes"] = {
    root: { id: "root", path: "", module: await import("~/root") } as unknown as ServerBuild["routes"][string],
  };
  const walk = async (entries: Entry[], parentId: string) => {
    for (const entry of entries) {
      const id = routeIdOf(entry);
      const module = await import(/* @vite-ignore */ path.join(appDir, entry.file));
      manifest[id] = {
        id,
        parentId,
        path: entry.path,
        index: entry.index,
        caseSensitive: entry.caseSensitive,
        module,
      } as unknown as ServerBuild["routes"][string];
      if (entry.children) await walk(entry.children, id);
    }
  };
  await walk(table, "root");
  return manifest;
}

const tagger = createPageTagger(await routeManifest());

/** The tags of the page at `url` (path and query); null: the page is never kept. */
export function cacheTagsFor(url: string) {
  return tagger(url);
}
