import { msg } from '@common/messages';
import { describe, expect, it } from 'vitest';
import {
  formTotal,
  fromPicker,
  initialValues,
  plusOneHour,
  toPayload,
  validateEventForm,
} from './event-form-values';

const valid = () => ({
  ...initialValues(),
  title: 'Golfresa',
  location: 'Båstad',
  startTime: '2030-06-21 10:00:00',
  endTime: '2030-06-21 16:00:00',
  registrationFee: 500,
  greenFee: 400,
});

describe('event form values', () => {
  it('reads pickers as Swedish time', () => {
    expect(fromPicker('2030-06-21 10:00:00')).toBe('2030-06-21T08:00:00.000Z');
    expect(fromPicker('2030-01-21 10:00:00')).toBe('2030-01-21T09:00:00.000Z');
    expect(plusOneHour('2030-06-21 23:30:00')).toBe('2030-06-22 00:30:00');
  });
  it('computes the total price: fee plus green fee unless included', () => {
    expect(formTotal(valid())).toBe(900);
    expect(formTotal({ ...valid(), greenFeeIncluded: true })).toBe(500);
    expect(toPayload({ ...valid(), greenFeeIncluded: true }, null)).toMatchObject({
      greenFee: null,
      price: 500,
    });
  });
  it('gives the spec messages', () => {
    expect(validateEventForm(valid())).toEqual({});
    expect(validateEventForm({ ...valid(), endTime: '2030-06-21 09:00:00' }).endTime).toBe(msg.endAfterStart);
    expect(
      validateEventForm({ ...valid(), registrationDeadline: '2030-06-22 09:00:00' }).registrationDeadline,
    ).toBe(msg.deadlineBeforeStart);
    expect(validateEventForm({ ...valid(), maxParticipants: 6 }).maxParticipants).toBe(
      'Max antal deltagare anges i steg om 4',
    );
    expect(validateEventForm({ ...valid(), registrationFee: -1 }).registrationFee).toBe(
      'Anmälningsavgift får inte vara negativ',
    );
    expect(validateEventForm({ ...valid(), startTime: null }).startTime).toBe('Ange starttid');
  });
  it('carries the registration rules both ways and checks them with the server messages', () => {
    const v = {
      ...valid(),
      registrationOpensAt: '2030-06-01 12:00:00',
      waitlistMode: 'offer' as const,
      waitlistOfferHours: 12,
      cancellationDeadline: '2030-06-14 23:59:00',
      lateCancellationFee: 450,
      payOnline: true,
    };
    const payload = toPayload(v, null);
    expect(payload).toMatchObject({
      registrationOpensAt: '2030-06-01T10:00:00.000Z',
      waitlistMode: 'offer',
      waitlistOfferHours: 12,
      cancellationDeadline: '2030-06-14T21:59:00.000Z',
      lateCancellationFee: 450,
      payOnline: true,
    });
    expect(validateEventForm(v)).toEqual({});
    expect(validateEventForm({ ...v, waitlistOfferHours: 200 }).waitlistOfferHours).toBe(
      msg.waitlistOfferHoursRange,
    );
    expect(
      validateEventForm({ ...v, cancellationDeadline: '2030-06-22 00:00:00' }).cancellationDeadline,
    ).toBe(msg.cancellationDeadlineBeforeStart);
    expect(validateEventForm({ ...v, registrationFee: 0, greenFee: '' }).payOnline).toBe(
      msg.payOnlineNeedsPrice,
    );
  });
});
