/** What a coding agent should know when a session starts in a repository: the matching project's brief (GET /brief). */
export { createBriefs, type Briefs } from './project-brief.js';
export { nameKey, projectNames } from './match-project.js';
