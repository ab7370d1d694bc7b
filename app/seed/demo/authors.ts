import type { SeedAuthor } from "./types";

export const TEAM_AUTHOR = "DevPerspective Team";

export const authors: SeedAuthor[] = [
  {
    name: "Maya Chen",
    bio: "Frontend engineer focused on React, CSS architecture and accessible interfaces. She has spent a decade turning design systems into components people actually enjoy using.",
    avatarUrl: "/images/avatars/maya-chen.svg",
  },
  {
    name: "Daniel Okafor",
    bio: "Backend engineer who writes Node.js services and tunes PostgreSQL for a living. He believes most performance problems are missing indexes in disguise.",
    avatarUrl: "/images/avatars/daniel-okafor.svg",
  },
  {
    name: "Priya Raman",
    bio: "Software engineer and former competitive programmer who now coaches developers through technical interviews. She writes about algorithms without the intimidation.",
    avatarUrl: "/images/avatars/priya-raman.svg",
  },
  {
    name: "Lucas Moreau",
    bio: "Platform engineer working on CI/CD, containers and developer tooling. He is happiest when a deploy is boring.",
    avatarUrl: "/images/avatars/lucas-moreau.svg",
  },
  {
    name: "Sofia Lindqvist",
    bio: "TypeScript enthusiast and staff engineer exploring how AI assistants fit into real engineering teams. She cares about types, tests and honest trade-offs.",
    avatarUrl: "/images/avatars/sofia-lindqvist.svg",
  },
  {
    name: TEAM_AUTHOR,
    bio: "The people who build and run DevPerspective. We write the release notes so you know what changed and why.",
    avatarUrl: "/images/avatars/devperspective-team.svg",
  },
];
