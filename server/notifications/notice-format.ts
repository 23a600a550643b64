import { formatStockholmDayTime } from '@common/time';

/** "lördag 6 juni kl. 09:00" in Swedish time (the notices' texts). */
export const formatNoticeTime = formatStockholmDayTime;
