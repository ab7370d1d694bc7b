/** One entry of an article's table of contents (level-2 and level-3 headings), stored at save. */
export type TocEntry = { depth: 2 | 3; id: string; text: string };
