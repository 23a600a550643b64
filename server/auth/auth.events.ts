/** What the accounts core tells the domains above it (server/domain-events/). */
declare module '../domain-events/domain-events' {
  interface DomainEvents {
    /**
     * A member's account is being deleted (server/my-data/account-deletion.ts), in the deletion's
     * transaction: domains the deletion does not call erase what they keep of the member. `email` is
     * the member's address before the deletion, if any.
     */
    'account.deleted': { userId: string; email: string | null };
  }
}

export {};
