import { apiErrorMessage } from '@client/lib/api';
import { toastSuccess } from '@client/lib/toast';
import { usePageTitle } from '@client/lib/use-page-title';
import { msg } from '@common/messages';
import { Alert, Anchor, Container, Loader, Stack, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { useAdminCourse, useSaveCourse } from '../api/courses-api';
import { CourseForm } from '../components/course-form';
import { courseFormValues } from '../lib/course-form-values';

/** /admin/courses/new and /admin/courses/{id}: a course with its tees and holes, entered or edited. */
export function AdminCourseEditPage() {
  const { id: param } = useParams();
  const id = param && /^\d+$/.test(param) ? Number(param) : undefined;
  const isNew = param === undefined;
  usePageTitle(isNew ? 'Ny bana' : 'Ändra bana');
  const course = useAdminCourse(id);
  const save = useSaveCourse(id);
  const navigate = useNavigate();

  const form = () => {
    if (!isNew && id === undefined) return <Alert color="red">{msg.courseNotFound}</Alert>;
    if (!isNew && course.isError)
      return <Alert color="red">{apiErrorMessage(course.error, msg.courseNotFound)}</Alert>;
    if (!isNew && !course.data) return <Loader aria-label="Hämtar banan" />;
    return (
      <CourseForm
        initial={courseFormValues(course.data)}
        saving={save.isPending}
        error={save.isError ? apiErrorMessage(save.error, msg.courseSaveFailed) : null}
        onSubmit={(input) =>
          save.mutate(input, {
            onSuccess: () => {
              toastSuccess(msg.courseSaved);
              navigate('/admin/courses');
            },
          })
        }
      />
    );
  };

  return (
    <Container size="sm" py="xl" px="xs">
      <Stack gap="md">
        <Anchor component={Link} to="/admin/courses" size="sm">
          ← Alla banor
        </Anchor>
        <Title order={1}>{isNew ? 'Ny bana' : 'Ändra bana'}</Title>
        {form()}
      </Stack>
    </Container>
  );
}
