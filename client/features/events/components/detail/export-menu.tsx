import { EXPORT_LIST_LABELS, EXPORT_LISTS, type ExportFormat, type ExportList } from '@common/options';
import { Button, Group, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload, IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';

/** GET /api/admin/events/{id}/export.{csv|xlsx}?list=…: a file the browser downloads (admin only). */
export const exportUrl = (eventId: number, list: ExportList, format: ExportFormat) =>
  `/api/admin/events/${eventId}/export.${format}?list=${list}`;

/**
 * 'Exportera' above the admin's participant table: each list (participants, dietary preferences,
 * rooms, payments) as CSV for Excel or as an Excel file. Plain links, so the browser saves the file
 * under the name the server gives it.
 */
export function ExportMenu({ eventId }: { eventId: number }) {
  return (
    <Group justify="flex-end" mb="sm">
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            size="sm"
            leftSection={<IconDownload size={16} />}
            rightSection={<IconChevronDown size={14} />}
          >
            Exportera
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {EXPORT_LISTS.map((list, i) => (
            <div key={list}>
              {i > 0 ? <Menu.Divider /> : null}
              <Menu.Label>{EXPORT_LIST_LABELS[list]}</Menu.Label>
              <Menu.Item
                component="a"
                href={exportUrl(eventId, list, 'csv')}
                download
                leftSection={<IconFileTypeCsv size={16} />}
              >
                {EXPORT_LIST_LABELS[list]} (CSV)
              </Menu.Item>
              <Menu.Item
                component="a"
                href={exportUrl(eventId, list, 'xlsx')}
                download
                leftSection={<IconFileSpreadsheet size={16} />}
              >
                {EXPORT_LIST_LABELS[list]} (Excel)
              </Menu.Item>
            </div>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
