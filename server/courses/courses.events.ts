/**
 * What happens to a course, told to the domains above (issue 29): events refuse the removal of a tee
 * an event plays from (their subscriber throws a ConflictError, the course update rolls back).
 */
declare module '../domain-events/domain-events' {
  interface DomainEvents {
    /** A course update is about to remove these tees (published inside its transaction, before the delete). */
    'course.tees_removing': { courseId: number; teeIds: number[] };
  }
}

export {};
