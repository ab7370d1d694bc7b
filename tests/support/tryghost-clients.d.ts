/** Ghost's official API clients ship no types: what the tests call of them. */
declare module "@tryghost/content-api" {
  type Browse = (options?: Record<string, unknown>) => Promise<unknown>;
  type Resource = {
    browse: Browse;
    read: (data: Record<string, unknown>, options?: Record<string, unknown>) => Promise<unknown>;
  };
  export default function GhostContentAPI(options: { url: string; key: string; version: string }): {
    posts: Resource;
    pages: Resource;
    tags: Resource;
    authors: Resource;
    tiers: { browse: Browse };
    settings: { browse: Browse };
  };
}

declare module "@tryghost/admin-api" {
  type Options = Record<string, unknown>;
  type Resource = {
    browse: (options?: Options) => Promise<unknown>;
    read: (data: Options, options?: Options) => Promise<unknown>;
    add: (data: Options, options?: Options) => Promise<unknown>;
    edit: (data: Options, options?: Options) => Promise<unknown>;
    delete: (data: Options, options?: Options) => Promise<unknown>;
  };
  export default class GhostAdminAPI {
    constructor(options: { url: string; key: string; version: string });
    posts: Resource;
    pages: Resource;
    tags: Resource;
    webhooks: Resource;
    users: Resource;
    images: { upload: (data: { file: string; ref?: string }) => Promise<unknown> };
    site: { read: () => Promise<unknown> };
  }
}
