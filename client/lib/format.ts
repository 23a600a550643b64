/** Whole kronor the Swedish way ('3 450 kr'): the site's one money format lives in common/rules/money.ts. */
export { formatKr } from '@common/rules/money';
