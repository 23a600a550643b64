/** What the reports domain tells the domains above it (server/domain-events/). */
declare module '../domain-events/domain-events' {
  interface DomainEvents {
    /**
     * A moderator removed a message ('Ta bort innehållet'), in the decision's transaction. The id as
     * text, as notices keep it in their data.
     */
    'message.removed': { messageId: string };
  }
}

export {};
