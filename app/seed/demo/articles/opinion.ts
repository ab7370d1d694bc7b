import { md } from "../md";
import type { SeedArticle } from "../types";

export const opinionArticles: SeedArticle[] = [
  {
    title: "Boring Technology Is a Feature",
    slug: "boring-technology-is-a-feature",
    category: "opinion",
    author: "Lucas Moreau",
    excerpt:
      "Every new tool spends from a limited budget of attention. Choosing well-understood technology is not a lack of ambition; it is how teams ship.",
    publishedAt: "2025-01-21T08:00:00Z",
    imageUrl: "/images/articles/boring-technology.svg",
    content: md`
There is a particular kind of excitement that comes with a new framework, database or deployment platform. The landing page is beautiful, the benchmarks are impressive, and the demo solves in five minutes a problem that took your team a week. I have felt it many times. I have also been the person paged at 2 a.m. because a clever new component behaved in a way nobody on the team understood.

My position, after a decade of building and operating production systems: **boring technology is a feature**, and choosing it is a skill.

## Every team has an innovation budget

A team can only absorb a limited amount of novelty at once. Every new technology brings unknown failure modes, missing documentation for your particular use case, and a learning curve for everyone who has to maintain it. Think of it as a budget: you can spend it, but you cannot spend it on everything.

Spend it where it creates a real advantage for your product. If your company's edge is real-time collaboration, spending innovation budget on a novel sync engine may be exactly right. Spending it *also* on a new database, a new language and a new deployment model at the same time is how projects stall.

## What "boring" actually means

Boring does not mean old or bad. It means **well understood**:

- Its failure modes are documented, and someone on Stack Overflow has hit your exact error.
- You can hire people who already know it.
- Monitoring, backups and upgrades are solved problems.
- It will still be maintained in five years.

PostgreSQL, a mainstream web framework, a plain queue, a container on a managed platform: none of these will impress anyone at a conference. All of them will let you spend your energy on the product.

## The hidden cost is operational

The cost of a technology is rarely in the first week of using it. It is in the second year: the upgrade that breaks an undocumented behaviour, the performance cliff at ten times the data, the one engineer who understood it leaving the company. Boring technology has already had those problems in public, and the fixes are known.

## When to choose the exciting option

I am not arguing for never adopting anything new. Adopt new technology when:

1. It solves a problem you **actually have**, measured, not anticipated.
2. The existing tools genuinely cannot solve it, or only at a much higher cost.
3. You have a plan to **contain** it: one service, one feature, with a way back.

And when you adopt something, commit to learning it deeply instead of treating it as a black box.

## The quiet reward

The best compliment a system can receive is that nobody talks about it. Deploys happen, backups restore, the on-call rotation is quiet. That is not a lack of ambition. It is the foundation that lets you be ambitious about the things users actually see.
`,
  },
  {
    title: "Code Review Is a Conversation, Not a Gate",
    slug: "code-review-is-a-conversation-not-a-gate",
    category: "opinion",
    author: "Sofia Lindqvist",
    excerpt:
      "Treating review as a checkpoint to pass produces defensive authors and nitpicking reviewers. Treating it as a conversation produces better code and better engineers.",
    publishedAt: "2025-10-14T09:00:00Z",
    content: md`
In many teams, code review has quietly turned into a toll booth. The author's goal is to get through it with as few comments as possible; the reviewer's goal is to prove they looked. Both sides are following incentives, and both leave the review with a slightly worse opinion of each other. I think we can do better, and it starts with changing what we believe review is *for*.

## What review is actually good at

Research on code review, including large studies at Microsoft and Google, consistently finds that catching defects is only one of its benefits, and often not the main one. Review is remarkably good at:

- **Spreading knowledge.** At least two people now understand this change.
- **Keeping the codebase consistent.** Conventions survive because people see them applied.
- **Finding better designs.** A second perspective spots a simpler approach.
- **Mentoring**, in both directions.

Those are all outcomes of a conversation, not of a gate.

## Write the pull request for your reviewer

The author sets the tone. A pull request with a one-word description and two thousand changed lines invites a rubber stamp or a fight. A good pull request:

1. Explains **why** the change is needed, not just what it does.
2. Points out the parts the author is unsure about.
3. Is small enough to review in one sitting, ideally a few hundred lines at most.
4. Separates mechanical changes (renames, formatting) from behavioural ones.

That last point matters more than it sounds. A reviewer who has to find three meaningful lines among four hundred lines of moved code will miss things.

## Comment like a colleague

As a reviewer, be explicit about the weight of each comment. A convention many teams adopt is a prefix:

- **blocking:** this is a bug, a security issue or a design problem we should resolve before merging.
- **suggestion:** I would do this differently; your call.
- **nit:** trivial, feel free to ignore.
- **question:** I do not understand this yet, and that may be my problem.

Ask questions instead of issuing verdicts. "What happens if \`items\` is empty here?" invites the author to think and often reveals that they already handled it. "This is wrong" invites defensiveness even when it is right.

## Automate the nitpicks

If a comment could be made by a machine, let a machine make it. Formatting, import order, unused variables and many style rules belong in a formatter and linter that run before a human looks. Every nit a tool catches is one less comment that makes the author feel judged, and one more minute the reviewer spends on design and correctness.

## Speed is a form of respect

A pull request that waits two days for review loses context for its author, accumulates merge conflicts and encourages bigger batches next time. Aim to give a first response within a working day, even if it is just "I will look at this properly tomorrow morning". Small pull requests make fast review possible; fast review makes small pull requests worth the effort.

## Approve with comments

Not every comment needs another round. If the remaining suggestions are minor and you trust the author, approve and let them decide. This is a signal of trust, and trust is what makes the whole process cheaper over time.

## Disagreements are fine; stalemates are not

Sometimes two reasonable engineers disagree. If a thread goes back and forth more than twice, move it to a quick call. If it is still unresolved, defer to the person who owns the code, or to an agreed tie-breaker, and write down the decision. A review is not the place to win an argument.

## What changes when review is a conversation

Teams that treat review as a conversation tend to notice the same things: pull requests get smaller, review turnaround gets faster, newer engineers ask more questions, and senior engineers learn things too. The code gets better, but more importantly, the people get better. That is a much better return than a toll booth ever provided.
`,
  },
  {
    title: "The Case for Smaller Pull Requests",
    slug: "the-case-for-smaller-pull-requests",
    category: "opinion",
    author: "Lucas Moreau",
    excerpt:
      "Big pull requests feel efficient and are anything but. Small ones get reviewed faster, break less and are far easier to roll back.",
    publishedAt: "2026-06-02T10:30:00Z",
    imageUrl: "/images/articles/small-pull-requests.svg",
    content: md`
There is an old joke about code review: ask someone to review ten lines and they will find ten problems; ask them to review five hundred lines and they will say "looks good to me". It is funny because it is true, and it is the best argument I know for small pull requests.

## Big changes hide bugs

Reviewer attention is finite. After a few hundred lines, people start skimming, and skimming is where bugs slip through. A change that touches a database migration, an API handler and three React components at once asks the reviewer to hold all of it in their head. Split it, and each part gets real scrutiny.

## Small changes ship sooner

A large pull request tends to wait: for a reviewer with a free afternoon, for a second round of comments, for the merge conflicts to be resolved. Meanwhile \`main\` moves on. Small pull requests get reviewed between meetings and merged the same day. The total time to deliver the feature is usually *shorter*, even though there are more pull requests.

## Small changes are easy to undo

When a deploy goes wrong, you want to revert exactly the broken part. Reverting a 40-line change is trivial and low-risk; reverting a 2,000-line change that also included three refactors is a project of its own.

## How to actually make them small

- **Separate refactoring from behaviour changes.** Land the rename first, then the feature.
- **Ship dead code behind a flag.** A feature flag lets you merge incomplete work safely and turn it on when it is ready.
- **Build from the bottom up.** Data model, then API, then UI, each in its own pull request, each useful and tested on its own.
- **Stack dependent changes** when tooling allows, so review of part two does not block on part one being merged.

## "But the feature only makes sense as a whole"

Then write that context down once, in an issue or a short design note, and link it from every pull request. Reviewers can understand the whole while reviewing the parts. Small pull requests are not about hiding the big picture; they are about making each step of it verifiable.

Try it for a month. Cap pull requests at around 300 changed lines, excluding generated files, and watch what happens to review time and to the number of bugs that reach production.
`,
  },
];
