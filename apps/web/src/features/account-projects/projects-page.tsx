import { useParams } from 'react-router';
import { ProjectDetails } from './project-details';
import { ProjectList } from './project-list';

/** `/account/project/:id?`: the team's projects, or one project when an id is given. */
export function ProjectsPage() {
  const { id } = useParams();
  return id ? <ProjectDetails key={id} id={id} /> : <ProjectList />;
}
