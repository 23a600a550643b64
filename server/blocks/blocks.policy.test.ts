import { describe, expect, it } from 'vitest';
import {
  blocksHideMembersFrom,
  canBlock,
  canSeeMember,
  canSendDirectMessage,
  type MessagingFacts,
  seesHiddenMembers,
} from './blocks.policy';

const admin = { id: 'a', role: 'admin' as const };
const member = { id: 'm', role: 'member' as const };

const facts = (over: Partial<MessagingFacts> = {}): MessagingFacts => ({
  whoCanMessage: 'members',
  blocked: false,
  recipientWroteToSender: false,
  sharedEvent: false,
  ...over,
});

describe('blocks and privacy policies', () => {
  it('a member blocks anyone but themselves', () => {
    expect(canBlock(member, 'o')).toBe(true);
    expect(canBlock(member, 'm')).toBe(false);
  });

  it('a block hides members from members, never from admins or from oneself', () => {
    expect(canSeeMember(member, 'o', true)).toBe(false);
    expect(canSeeMember(member, 'o', false)).toBe(true);
    expect(canSeeMember(member, 'm', true)).toBe(true);
    expect(canSeeMember(admin, 'o', true)).toBe(true);
    expect(blocksHideMembersFrom(member)).toBe(true);
    expect(blocksHideMembersFrom(admin)).toBe(false);
    expect(seesHiddenMembers(admin)).toBe(true);
    expect(seesHiddenMembers(member)).toBe(false);
  });

  it("'members': anyone may write unless a block separates them (admins included)", () => {
    expect(canSendDirectMessage(member, facts())).toBe(true);
    expect(canSendDirectMessage(member, facts({ blocked: true }))).toBe(false);
    expect(canSendDirectMessage(admin, facts({ blocked: true }))).toBe(false);
  });

  it("'contacts': members written to, or registered for the same event", () => {
    const contacts = (over: Partial<MessagingFacts>) => facts({ whoCanMessage: 'contacts', ...over });
    expect(canSendDirectMessage(member, contacts({}))).toBe(false);
    expect(canSendDirectMessage(member, contacts({ recipientWroteToSender: true }))).toBe(true);
    expect(canSendDirectMessage(member, contacts({ sharedEvent: true }))).toBe(true);
    expect(canSendDirectMessage(member, contacts({ sharedEvent: true, blocked: true }))).toBe(false);
    expect(canSendDirectMessage(admin, contacts({}))).toBe(true);
  });

  it("'nobody': no one starts a conversation; admins still write, and answers to the member's own messages pass", () => {
    const nobody = (over: Partial<MessagingFacts>) => facts({ whoCanMessage: 'nobody', ...over });
    expect(canSendDirectMessage(member, nobody({}))).toBe(false);
    expect(canSendDirectMessage(member, nobody({ sharedEvent: true }))).toBe(false);
    expect(canSendDirectMessage(member, nobody({ recipientWroteToSender: true }))).toBe(true);
    expect(canSendDirectMessage(admin, nobody({}))).toBe(true);
    expect(canSendDirectMessage(admin, nobody({ blocked: true }))).toBe(false);
  });
});
