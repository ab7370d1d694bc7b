import { md } from "../md";
import type { SeedArticle } from "../types";

export const algorithmArticles: SeedArticle[] = [
  {
    title: "Big O Notation for Working Developers",
    slug: "big-o-notation-for-working-developers",
    category: "algorithms",
    author: "Priya Raman",
    excerpt:
      "Big O is not just interview trivia. It tells you how code behaves when the data grows, and that is exactly when production breaks.",
    publishedAt: "2025-02-25T10:00:00Z",
    imageUrl: "/images/articles/big-o.svg",
    content: md`
Big O notation has a reputation as something you cram before interviews and forget afterwards. That is a shame, because the core idea is genuinely practical: it describes **how the cost of an operation grows as the input grows**. Code that is fine with 100 rows and unusable with 100,000 almost always has a growth-rate problem, and Big O is the vocabulary for spotting it.

## The common classes

From fastest-growing cost to slowest, for input size *n*:

- **O(1)**, constant: array index, hash map lookup. The size does not matter.
- **O(log n)**, logarithmic: binary search, balanced tree lookups. Doubling the input adds one step.
- **O(n)**, linear: a single loop over the data.
- **O(n log n)**: efficient sorting (merge sort, and the sorts built into most languages).
- **O(n²)**, quadratic: a loop inside a loop over the same data.
- **O(2ⁿ)**, exponential: trying every subset. Only feasible for tiny inputs.

To feel the difference: with n = 100,000, an O(n) loop does 100,000 steps, while an O(n²) nested loop does 10 billion.

## The hidden quadratic

Real-world quadratic code rarely looks like two obvious nested loops. It hides inside method calls:

\`\`\`js
// O(n * m): includes() scans the whole array every time
const active = users.filter((user) => activeIds.includes(user.id));

// O(n + m): build a Set once, then each lookup is O(1)
const activeSet = new Set(activeIds);
const activeFast = users.filter((user) => activeSet.has(user.id));
\`\`\`

With 10,000 users and 10,000 active ids, the first version performs up to 100 million comparisons; the second about 20,000 operations. Other common hiding places: \`indexOf\` or \`find\` inside a loop, string concatenation in a loop in some languages, and removing items from the front of an array (\`shift\`) repeatedly.

## Rules for estimating

1. **Drop constants.** O(2n) is O(n). Big O describes growth, not exact time.
2. **Keep the dominant term.** O(n² + n) is O(n²); for large n the smaller term stops mattering.
3. **Different inputs get different letters.** Looping over users and then over orders is O(u + o), not O(n).
4. **Nested loops multiply; sequential loops add.**

## Space matters too

Big O applies to memory as well. Building a \`Set\` to speed up lookups trades O(n) extra space for time, usually a great deal. Recursion uses stack space proportional to its depth, which is why a recursive function over a 100,000-item linked list can overflow the stack.

## When Big O misleads

Big O ignores constants, and constants matter for small inputs. For ten elements, a linear scan over an array can beat a hash lookup. Cache-friendly O(n log n) code can beat cache-hostile O(n) code in practice. Use Big O to rule out approaches that will not scale, then **measure** to choose between the ones that will.

The habit worth building: whenever you write a loop, ask "what happens when this list is a thousand times bigger?" That one question prevents most performance incidents before they happen.
`,
  },
  {
    title: "Binary Search Beyond Sorted Arrays",
    slug: "binary-search-beyond-sorted-arrays",
    category: "algorithms",
    author: "Priya Raman",
    excerpt:
      "Binary search isn't just for finding a number in a sorted list. Search over answers, find boundaries and avoid the off-by-one bugs that make it famously tricky.",
    publishedAt: "2026-05-26T09:00:00Z",
    imageUrl: "/images/articles/binary-search.svg",
    content: md`
Everyone learns binary search as "find a value in a sorted array in O(log n)". That is the least interesting use of it. The real idea is more general: **if a yes/no question flips from false to true exactly once over a range, you can find the flip point by halving the range.** Once you see it that way, binary search shows up everywhere.

## A template that avoids off-by-one bugs

Binary search is famous for subtle bugs. Jon Bentley reported that most professional programmers he tested could not write a correct version, and an overflow bug in the midpoint calculation sat in Java's standard library for years. A reliable way to avoid mistakes is to always search for a **boundary**: the first index where a predicate becomes true.

\`\`\`ts
/** First index in [lo, hi) where ok(i) is true, or hi if none. ok must be monotonic. */
function firstTrue(lo: number, hi: number, ok: (i: number) => boolean): number {
  while (lo < hi) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (ok(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
\`\`\`

The loop keeps one invariant: the answer is always in \`[lo, hi]\`. It ends when the range is empty, and \`lo\` is the answer. \`lo + (hi - lo) / 2\` avoids overflow in languages with fixed-size integers.

## Classic uses, one template

\`\`\`ts
const sorted = [1, 3, 3, 3, 7, 9];

// Lower bound: first element >= 3
firstTrue(0, sorted.length, (i) => sorted[i]! >= 3); // 1

// Upper bound: first element > 3
firstTrue(0, sorted.length, (i) => sorted[i]! > 3);  // 4

// So the count of 3s is 4 - 1 = 3
\`\`\`

## Binary search on the answer

Here is where it gets powerful. *"Packages with these weights must ship within D days, in order. What is the minimum ship capacity?"* We do not search an array; we search the space of possible capacities. If a capacity works, every larger capacity works too, so the predicate is monotonic:

\`\`\`python
def min_capacity(weights: list[int], days: int) -> int:
    def fits(capacity: int) -> bool:
        needed, load = 1, 0
        for w in weights:
            if load + w > capacity:
                needed, load = needed + 1, 0
            load += w
        return needed <= days

    lo, hi = max(weights), sum(weights)
    while lo < hi:
        mid = (lo + hi) // 2
        if fits(mid):
            hi = mid
        else:
            lo = mid + 1
    return lo
\`\`\`

The check is O(n) and we do it O(log(sum)) times. The same pattern solves "minimum speed to finish in time", "largest minimum distance between placements" and many more.

## Outside of code puzzles

- \`git bisect\` is binary search over commits for the first bad one.
- Finding the largest batch size that fits in memory, or the highest request rate a service handles under a latency target.
- Locating the first log line after a timestamp in a huge sorted log file, without reading all of it.

Whenever you catch yourself trying values one by one and the answer is monotonic, you can probably binary search it instead.
`,
  },
  {
    title: "Dynamic Programming: From Recursion to Tabulation",
    slug: "dynamic-programming-from-recursion-to-tabulation",
    category: "algorithms",
    author: "Priya Raman",
    excerpt:
      "Dynamic programming is recursion that remembers. Follow one problem from a slow recursive solution to memoisation to a compact bottom-up table.",
    publishedAt: "2026-09-29T08:30:00Z",
    content: md`
Dynamic programming (DP) has a fearsome reputation, mostly because it is usually taught backwards: you are shown a finished table-filling solution and left to wonder how anyone came up with it. In practice, DP solutions are **derived**, not invented. You start with a plain recursive solution, notice it repeats work, add a cache, and then, if you want, turn it into a loop. This article walks through that process on two problems.

## When DP applies

Dynamic programming fits problems with two properties:

1. **Optimal substructure**: the answer to the problem can be built from answers to smaller versions of the same problem.
2. **Overlapping subproblems**: those smaller problems are needed again and again.

If only the first holds, plain recursion or divide-and-conquer is enough (merge sort, for example, never solves the same subproblem twice). When both hold, caching turns exponential time into polynomial time.

## Warm-up: climbing stairs

*You can climb 1 or 2 steps at a time. How many distinct ways are there to climb n steps?*

To reach step n, your last move came from step n − 1 or step n − 2. So the number of ways is the sum of the ways to reach each of those:

\`\`\`ts
function ways(n: number): number {
  if (n <= 1) return 1;
  return ways(n - 1) + ways(n - 2);
}
\`\`\`

That is correct and painfully slow: \`ways(45)\` makes over a billion calls, because \`ways(43)\` is computed twice, \`ways(42)\` three times, and so on. The call tree grows exponentially.

### Step 1: memoise

Cache each result the first time it is computed:

\`\`\`ts
function waysMemo(n: number, memo = new Map<number, number>()): number {
  if (n <= 1) return 1;
  const cached = memo.get(n);
  if (cached !== undefined) return cached;
  const result = waysMemo(n - 1, memo) + waysMemo(n - 2, memo);
  memo.set(n, result);
  return result;
}
\`\`\`

Each value from 0 to n is now computed once: **O(n)** time and O(n) space. This top-down approach is often all you need, and it has the advantage of only computing the subproblems that are actually reachable.

### Step 2: tabulate

Memoised recursion still uses the call stack, and very deep recursion can overflow it. **Tabulation** computes the same values bottom-up, smallest first, in a loop:

\`\`\`ts
function waysTable(n: number): number {
  const dp = new Array<number>(n + 1).fill(0);
  dp[0] = 1;
  dp[1] = 1;
  for (let i = 2; i <= n; i++) dp[i] = dp[i - 1]! + dp[i - 2]!;
  return dp[n]!;
}
\`\`\`

### Step 3: shrink the state

Each entry only depends on the previous two, so we do not need the whole table:

\`\`\`ts
function waysConstant(n: number): number {
  let prev = 1;
  let curr = 1;
  for (let i = 2; i <= n; i++) [prev, curr] = [curr, prev + curr];
  return curr;
}
\`\`\`

O(n) time, **O(1)** space. The same three steps apply to much harder problems.

## A real problem: longest common subsequence

*Given two strings, find the length of their longest common subsequence: characters that appear in both, in the same order, not necessarily adjacent.* For "kitten" and "sitting", one answer is "ittn", length 4.

This is the basis of \`diff\` tools, and it is a classic two-dimensional DP.

### Define the subproblem

Let \`lcs(i, j)\` be the answer for the first \`i\` characters of \`a\` and the first \`j\` characters of \`b\`. Look at the last character of each prefix:

- If \`a[i-1] === b[j-1]\`, that character extends the best subsequence of the shorter prefixes: \`lcs(i-1, j-1) + 1\`.
- Otherwise, drop one character from one string or the other and take the better result: \`max(lcs(i-1, j), lcs(i, j-1))\`.
- If either prefix is empty, the answer is 0.

Writing down this **recurrence** is the real work of DP. The code follows almost mechanically.

### Bottom-up table

\`\`\`python
def lcs_length(a: str, b: str) -> int:
    rows, cols = len(a) + 1, len(b) + 1
    dp = [[0] * cols for _ in range(rows)]
    for i in range(1, rows):
        for j in range(1, cols):
            if a[i - 1] == b[j - 1]:
                dp[i][j] = dp[i - 1][j - 1] + 1
            else:
                dp[i][j] = max(dp[i - 1][j], dp[i][j - 1])
    return dp[-1][-1]

print(lcs_length("kitten", "sitting"))  # 4
\`\`\`

Time and space are both **O(m · n)**. Since each row only depends on the previous row, you can reduce space to O(min(m, n)) by keeping two rows, at the cost of no longer being able to reconstruct the subsequence itself.

### Reconstructing the answer

To get the subsequence, not just its length, walk back from \`dp[m][n]\`: if the characters match, include it and move diagonally; otherwise move toward the larger neighbour. Keeping the full table makes that possible.

## A recipe for new problems

1. **Write a brute-force recursive solution** that expresses the answer in terms of smaller inputs. Do not worry about speed.
2. **Identify the state**: which parameters change between calls? (An index, two indices, a remaining capacity.) The number of distinct states bounds the work.
3. **Add memoisation.** If the state space is polynomial, you now have a polynomial algorithm.
4. **Convert to a table** if you need to avoid recursion depth or want to optimise memory; fill it in an order where dependencies are computed first.
5. **Reduce space** if each entry only depends on a few previous ones.

## Common mistakes

- **Choosing a state that is too small**, so the recurrence cannot be written without extra information, or too large, so the table explodes.
- **Wrong base cases**, especially the empty-prefix row and column.
- **Wrong fill order** in tabulation: reading an entry before it has been computed.
- **Reaching for DP too soon.** Some problems with optimal substructure have a simpler greedy solution. Try to prove (or disprove with a counterexample) that a greedy choice is safe first.

Dynamic programming is not about memorising solutions to famous problems. It is about recognising repeated subproblems and refusing to solve them twice. Start from recursion, and the table will follow.
`,
  },
];
