import { useAuth } from '@client/features/auth/hooks/use-auth';
import { displayName } from '@common/rules/display-name';
import { includesLodging } from '@common/rules/room-wish';
import { useParams } from 'react-router';
import { useEvent, useRegistrations } from '../../api/events-query';
import { RoomWishField } from './room-wish-field';

/**
 * The room wish in the registration dialog, for trips with overnight stays only. The dialog lives on the
 * event page (/events/:id), whose event and participants are already loaded: read from the same queries.
 */
export function RegistrationRoomWish() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const { data: event } = useEvent(id);
  const lodging = !!event && includesLodging(event);
  const regs = useRegistrations(id, lodging && !!user);
  if (!lodging) return null;
  const participants = (regs.data ?? [])
    .filter((r) => r.userId !== user?.id && r.status !== 'cancelled')
    .map((r) => ({ id: r.userId, name: displayName(r.user) }));
  return <RoomWishField participants={participants} singleRoomSupplement={event.singleRoomSupplement} />;
}
