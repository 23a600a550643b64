import { HOLE_STROKES_MAX, HOLE_STROKES_MIN } from '@common/limits';
import type { HoleScore } from '@common/rules/scoring';
import { roundTotals, type ScoringFormat, stablefordPoints } from '@common/rules/scoring';
import type { ScorecardPlayer } from '@common/schemas/scoring';
import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { receivedLabel, receivedMarks, runningFigure, startingStrokes } from '../lib/score-display';

/** 56 px: the +/- targets stay easy to hit with a glove on (WCAG asks for at least 24, Apple for 44). */
const TARGET = 56;

/**
 * One player on the current hole: name and playing handicap, the strokes received as dots, big − and +
 * buttons around the strokes, 'Struken' for a picked-up hole, and the round's running figure.
 */
export function PlayerScoreRow({
  player,
  holeNumber,
  scores,
  format,
  disabled,
  onChange,
}: {
  player: ScorecardPlayer;
  holeNumber: number;
  /** The player's scores as the phone shows them (server's with the queued ones on top). */
  scores: HoleScore[];
  format: ScoringFormat;
  disabled: boolean;
  onChange: (strokes: number | null) => void;
}) {
  const hole = player.holes.find((h) => h.number === holeNumber);
  if (!hole) return null;
  const entry = scores.find((s) => s.hole === holeNumber);
  const has = entry !== undefined;
  const strokes = entry?.strokes ?? null;
  const pickedUp = has && strokes === null;
  const start = startingStrokes(hole.par, hole.received);
  const totals = roundTotals(player.holes, scores);
  const minus = () => onChange(strokes === null ? Math.max(HOLE_STROKES_MIN, start - 1) : strokes - 1);
  const plus = () => onChange(strokes === null ? start : strokes + 1);
  const marks = receivedMarks(hole.received);
  const nameId = `player-${player.userId}-${holeNumber}`;

  return (
    <Paper withBorder radius="md" p="sm" aria-labelledby={nameId} component="section">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Text fw={600} id={nameId} style={{ overflowWrap: 'anywhere' }}>
              {player.name}
            </Text>
            <Text size="sm" c="dimmed">
              Spel-hcp {player.playingHandicap ?? '–'}
              {marks ? (
                <>
                  {' · '}
                  <span aria-hidden>{marks}</span>
                </>
              ) : null}
              <VisuallyHidden> {receivedLabel(hole.received)}</VisuallyHidden>
            </Text>
          </div>
          <Stack gap={0} align="flex-end">
            <Text fw={700}>
              <VisuallyHidden>Totalt </VisuallyHidden>
              {runningFigure(format, totals)}
            </Text>
            <Text size="xs" c="dimmed">
              {totals.thru} hål
            </Text>
          </Stack>
        </Group>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <ActionIcon
            size={TARGET}
            radius="xl"
            variant="default"
            aria-label={`Minska slag för ${player.name}`}
            disabled={disabled || (strokes !== null && strokes <= HOLE_STROKES_MIN)}
            onClick={minus}
          >
            <IconMinus size={28} aria-hidden />
          </ActionIcon>
          <Stack gap={0} align="center" style={{ flex: 1 }}>
            <Text fz={36} fw={700} lh={1.1} aria-live="polite" data-testid={`strokes-${player.userId}`}>
              <span aria-hidden>{pickedUp ? 'S' : has ? strokes : '–'}</span>
              <VisuallyHidden>
                {`${player.name}: ${pickedUp ? 'struken' : has ? `${strokes} slag` : 'inget slag'}`}
              </VisuallyHidden>
            </Text>
            {has ? (
              <Text size="xs" c="dimmed">
                {format === 'stableford'
                  ? `${stablefordPoints(hole, strokes)} p`
                  : pickedUp
                    ? 'Struken'
                    : `Par ${hole.par}`}
              </Text>
            ) : null}
          </Stack>
          <ActionIcon
            size={TARGET}
            radius="xl"
            aria-label={`Öka slag för ${player.name}`}
            disabled={disabled || (strokes !== null && strokes >= HOLE_STROKES_MAX)}
            onClick={plus}
          >
            <IconPlus size={28} aria-hidden />
          </ActionIcon>
        </Group>
        <Group justify="space-between">
          <Button
            variant={pickedUp ? 'filled' : 'light'}
            color="gray"
            size="sm"
            mih={48}
            aria-pressed={pickedUp}
            aria-label={`Struken för ${player.name}`}
            disabled={disabled}
            onClick={() => onChange(null)}
          >
            Struken
          </Button>
          {player.signedOffAt ? (
            <Badge color="golf" variant="light">
              Signerat
            </Badge>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
