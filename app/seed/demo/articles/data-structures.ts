import { md } from "../md";
import type { SeedArticle } from "../types";

export const dataStructureArticles: SeedArticle[] = [
  {
    title: "Hash Maps Under the Hood",
    slug: "hash-maps-under-the-hood",
    category: "data-structures",
    author: "Priya Raman",
    excerpt:
      "Why are hash map lookups O(1), when are they not, and what actually happens when you call map.set? A look at hashing, collisions and resizing.",
    publishedAt: "2025-07-01T09:00:00Z",
    imageUrl: "/images/articles/hash-maps.svg",
    content: md`
The hash map is probably the most useful data structure in everyday programming. JavaScript's \`Map\` and plain objects, Python's \`dict\`, Java's \`HashMap\` and Go's \`map\` are all variations on the same idea. We use them constantly and rarely think about how they work, until a performance problem or an interview question forces the issue. Let's build one from the ground up.

## The core idea

An array gives you instant access by **index**: \`items[42]\` takes the same time no matter how long the array is. A hash map extends that to arbitrary **keys** by converting each key into an index with a **hash function**:

1. Compute \`hash(key)\`, an integer.
2. Reduce it to a valid index: \`index = hash % capacity\`.
3. Store or look up the entry in the array slot (the **bucket**) at that index.

If the hash function spreads keys evenly and each bucket holds only a few entries, every operation takes constant time on average.

## A good hash function

A hash function must be **deterministic** (the same key always gives the same hash) and should spread keys **uniformly** across the possible outputs, so that similar keys like \`"user1"\` and \`"user2"\` land in different buckets. Here is a classic string hash, FNV-1a:

\`\`\`ts
function fnv1a(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0; // unsigned 32-bit
}
\`\`\`

Real implementations use stronger functions, and many use a **random seed** per process. That is a security measure: if attackers can predict your hash function, they can craft thousands of keys that all collide, turning every lookup into a linear scan. This *hash flooding* attack once took down web frameworks that stored request parameters in hash tables.

## Collisions are inevitable

With more possible keys than buckets, two keys will eventually map to the same index. There are two main strategies for handling that.

### Separate chaining

Each bucket holds a small list of entries. On lookup, we hash to the bucket and scan its list:

\`\`\`ts
class ChainedHashMap<V> {
  private buckets: Array<Array<[string, V]>> = Array.from({ length: 8 }, () => []);
  private count = 0;

  get(key: string): V | undefined {
    const bucket = this.bucketFor(key);
    return bucket.find(([k]) => k === key)?.[1];
  }

  set(key: string, value: V): void {
    const bucket = this.bucketFor(key);
    const entry = bucket.find(([k]) => k === key);
    if (entry) {
      entry[1] = value;
      return;
    }
    bucket.push([key, value]);
    this.count++;
    if (this.count / this.buckets.length > 0.75) this.resize();
  }

  private bucketFor(key: string) {
    return this.buckets[fnv1a(key) % this.buckets.length]!;
  }

  private resize(): void {
    const old = this.buckets.flat();
    this.buckets = Array.from({ length: this.buckets.length * 2 }, () => []);
    for (const [k, v] of old) this.bucketFor(k).push([k, v]);
  }
}
\`\`\`

Java's \`HashMap\` uses chaining, and even converts a long chain into a balanced tree, so a bucket with many collisions degrades to O(log n) rather than O(n).

### Open addressing

All entries live directly in the array. On a collision, we **probe** for another free slot: the next one (linear probing), or slots at increasing distances (quadratic probing). Lookups follow the same probe sequence until they find the key or an empty slot. Open addressing is cache-friendly, since entries are contiguous in memory, which is why many high-performance tables, including Python's \`dict\`, use it. Deletion needs care: removing an entry must leave a *tombstone* marker, or later lookups would stop probing too early.

## Load factor and resizing

The **load factor** is entries divided by buckets. As it grows, collisions become more frequent and operations slow down. Implementations pick a threshold (0.75 is common for chaining, lower for open addressing) and, when it is exceeded, allocate an array about twice as large and **rehash** every entry into it.

A single resize is O(n). But because capacity doubles each time, resizes become rarer as the map grows, and the total work spread across all insertions is still O(1) per insertion on average. This is called **amortised** constant time.

## Complexity, honestly

| Operation | Average | Worst case |
| --- | --- | --- |
| Lookup | O(1) | O(n) |
| Insert | O(1) amortised | O(n) |
| Delete | O(1) | O(n) |

The worst case happens when many keys collide, through a poor hash function, an adversary, or bad luck. Good implementations make it extremely unlikely in practice.

## Practical consequences

- **Keys must not change while in the map.** If a key's hash changes after insertion, the entry is stranded in the wrong bucket. In JavaScript, \`Map\` compares object keys by identity, so this cannot happen there; in languages with custom hash functions, mutable keys are a classic bug.
- **Iteration order is an implementation detail** in many languages. JavaScript's \`Map\` and Python's \`dict\` (3.7+) guarantee insertion order; Go deliberately randomises it.
- **Hash maps trade memory for speed.** Empty buckets and per-entry overhead mean a map uses several times more memory than a plain array of the same data.
- **Use the right tool in JavaScript.** Prefer \`Map\` over plain objects for dynamic keys: any key type, no prototype surprises like a key named \`__proto__\`, and a \`size\` property.

## When not to use a hash map

If you need keys in **sorted order**, or range queries like "all keys between A and F", a balanced search tree or a sorted array is a better fit. If your keys are small consecutive integers, a plain array is faster and smaller. And for tiny collections of a handful of entries, a linear scan over an array often beats hashing.

Understanding the machinery makes the everyday rules obvious: why keys must be stable, why a map uses more memory than you expect, and why "O(1)" always comes with the words "on average".
`,
  },
  {
    title: "Heaps and Priority Queues, Explained",
    slug: "heaps-and-priority-queues-explained",
    category: "data-structures",
    author: "Priya Raman",
    excerpt:
      "Need the smallest item, over and over, while items keep arriving? A binary heap does it in O(log n) and fits in a plain array.",
    publishedAt: "2026-02-24T10:00:00Z",
    imageUrl: "/images/articles/heaps.svg",
    content: md`
A **priority queue** is a collection where you can add items and remove the one with the highest priority, such as the smallest timestamp, the shortest distance or the most urgent task. Sorting the whole collection every time would be wasteful. The classic implementation is a **binary heap**, and it is simpler than its reputation.

## The heap property

A binary min-heap is a complete binary tree (every level full except possibly the last, which fills from the left) where **every parent is less than or equal to its children**. That guarantees the minimum is always at the root. Note what it does *not* guarantee: siblings and cousins are in no particular order. A heap is only partially sorted, which is why it is cheap to maintain.

## It lives in an array

Because the tree is complete, we can store it in an array with no pointers at all. For the node at index \`i\`:

- left child: \`2i + 1\`
- right child: \`2i + 2\`
- parent: \`Math.floor((i - 1) / 2)\`

## Push: sift up

Add the new item at the end, then swap it with its parent while it is smaller:

\`\`\`ts
class MinHeap {
  private items: number[] = [];

  get size() {
    return this.items.length;
  }

  peek(): number | undefined {
    return this.items[0];
  }

  push(value: number): void {
    const a = this.items;
    a.push(value);
    let i = a.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (a[parent]! <= a[i]!) break;
      [a[parent], a[i]] = [a[i]!, a[parent]!];
      i = parent;
    }
  }

  pop(): number | undefined {
    const a = this.items;
    if (a.length === 0) return undefined;
    const top = a[0];
    const last = a.pop()!;
    if (a.length > 0) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let smallest = i;
        if (l < a.length && a[l]! < a[smallest]!) smallest = l;
        if (r < a.length && a[r]! < a[smallest]!) smallest = r;
        if (smallest === i) break;
        [a[smallest], a[i]] = [a[i]!, a[smallest]!];
        i = smallest;
      }
    }
    return top;
  }
}
\`\`\`

## Pop: sift down

Remove the root, move the last item to the root, then swap it with its smaller child until the heap property holds again. That is the second half of the code above.

Both operations walk one path between the root and a leaf, so they take **O(log n)**. \`peek\` is O(1). Building a heap from an existing array of n items can be done in O(n) by sifting down from the last parent to the root.

## Where heaps show up

- **Dijkstra's shortest paths** and A* search: always expand the closest unvisited node.
- **Top-k problems**: keep a min-heap of size k while streaming through a million items; the heap's root is the smallest of your current top k.
- **Merging k sorted lists**: repeatedly take the smallest head among k lists.
- **Schedulers and timers**: run the job with the earliest deadline next.

## Language support

Python has \`heapq\` (a min-heap on a list), Java has \`PriorityQueue\`, C++ has \`std::priority_queue\` (a max-heap by default). JavaScript has no built-in heap, so the class above, generalised with a comparator function, is worth keeping in your toolbox.
`,
  },
  {
    title: "Tries: The Data Structure Behind Autocomplete",
    slug: "tries-the-data-structure-behind-autocomplete",
    category: "data-structures",
    author: "Priya Raman",
    excerpt:
      "A trie stores strings by their shared prefixes, which makes 'find every word starting with re' fast. Here is how to build one in TypeScript.",
    publishedAt: "2025-12-30T09:00:00Z",
    content: md`
Type "re" into a search box and suggestions appear: "react", "redux", "regex". Finding every stored word with a given prefix is exactly what a **trie** (from re*trie*val, usually pronounced "try") is designed for.

## The structure

A trie is a tree where each edge represents one character. The path from the root to a node spells a prefix, and nodes that complete a word are marked. Words with a shared prefix share the same path, so "react" and "redux" share the nodes for "r" and "e".

\`\`\`ts
class TrieNode {
  children = new Map<string, TrieNode>();
  isWord = false;
}

export class Trie {
  private root = new TrieNode();

  insert(word: string): void {
    let node = this.root;
    for (const char of word) {
      let next = node.children.get(char);
      if (!next) {
        next = new TrieNode();
        node.children.set(char, next);
      }
      node = next;
    }
    node.isWord = true;
  }

  has(word: string): boolean {
    return this.find(word)?.isWord ?? false;
  }

  withPrefix(prefix: string, limit = 10): string[] {
    const start = this.find(prefix);
    if (!start) return [];
    const results: string[] = [];
    const walk = (node: TrieNode, path: string) => {
      if (results.length >= limit) return;
      if (node.isWord) results.push(path);
      for (const [char, child] of node.children) walk(child, path + char);
    };
    walk(start, prefix);
    return results;
  }

  private find(prefix: string): TrieNode | undefined {
    let node: TrieNode | undefined = this.root;
    for (const char of prefix) {
      node = node.children.get(char);
      if (!node) return undefined;
    }
    return node;
  }
}
\`\`\`

## Complexity

If \`L\` is the length of the word or prefix:

- **insert** and **has**: O(L), independent of how many words are stored.
- **withPrefix**: O(L) to find the start node, plus the size of the subtree you visit.

Compare that with scanning a list of n words for a prefix, which is O(n · L) every time.

## Trade-offs

Tries can use a lot of memory: every node carries a map of children, and long unique suffixes create long chains of single-child nodes. Two common optimisations:

- A **radix tree** (compressed trie) merges chains of single-child nodes into one edge labelled with a whole substring.
- For a small, fixed alphabet, an array of 26 children is faster than a map.

## Making suggestions useful

Real autocomplete needs ranking: store a frequency or score on word nodes and return the top results instead of the first ones found, for example with a small heap. Normalise input (lowercase, trimmed, accents handled consistently) before both inserting and searching.

For a few thousand words, sorting an array and binary-searching the prefix range is simpler and nearly as fast. Tries shine when the dictionary is large, lookups are frequent, and prefix queries are the main operation.
`,
  },
];
