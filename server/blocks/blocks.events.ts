/** What the blocks domain tells the domains above it (server/domain-events/). */
declare module '../domain-events/domain-events' {
  interface DomainEvents {
    /** A member blocked another (a new block, not a repeated one), in the block's transaction. */
    'block.created': { blockerId: string; blockedId: string };
  }
}

export {};
