import type { SeedArticle } from "../types";
import { aiDevelopmentArticles } from "./ai-development";
import { algorithmArticles } from "./algorithms";
import { cssArticles } from "./css";
import { dataStructureArticles } from "./data-structures";
import { databaseArticles } from "./database";
import { devopsArticles } from "./devops";
import { devtoolsArticles } from "./devtools";
import { javascriptArticles } from "./javascript";
import { nodejsArticles } from "./nodejs";
import { opinionArticles } from "./opinion";
import { reactArticles } from "./react";
import { tutorialArticles } from "./tutorials";
import { typescriptArticles } from "./typescript";

/** The demo articles (the changelog entries live in ../changelog.ts). */
export const articles: SeedArticle[] = [
  ...javascriptArticles,
  ...reactArticles,
  ...cssArticles,
  ...devtoolsArticles,
  ...tutorialArticles,
  ...opinionArticles,
  ...typescriptArticles,
  ...nodejsArticles,
  ...databaseArticles,
  ...aiDevelopmentArticles,
  ...devopsArticles,
  ...dataStructureArticles,
  ...algorithmArticles,
];
