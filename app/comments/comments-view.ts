/**
 * The comments' view types, owned by the domain: built by app/http/views/comments-view.server.ts,
 * imported as types by the comments components.
 */
export type CommentView = {
  id: number;
  parentId: number | null;
  authorName: string;
  mine: boolean;
  pending: boolean;
  deleted: boolean;
  edited: boolean;
  createdAt: string;
  /** Null when the page was rendered with it (html-once). */
  html: string | null;
  body: string | null;
  reportedByMe: boolean;
  replies: CommentView[];
};

export type CommentsViewData = {
  slug: string;
  count: number;
  viewer: { signedIn: boolean; blocked: boolean; muted: boolean };
  comments: CommentView[];
};
