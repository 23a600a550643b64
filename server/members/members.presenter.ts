// A member's row and how it is shown belong to the accounts core (server/auth/users.presenter.ts), which
// sits below members; re-exported here for the members domain and code written against this path.
export { presentFullUser, presentPublicUser, type UserRow } from '../auth/users.presenter';
