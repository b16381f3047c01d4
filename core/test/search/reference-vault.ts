/**
 * A generated reference-style vault: command pages in the manner of tldr (a title, a line that
 * says what the command is, examples), where the common commands are mentioned in hundreds of
 * other pages, and their names start many other words (du: during, dump; ls: lsof, lsblk; tar:
 * target, tarball; git: github, gitignore). Deterministic.
 */
const SUBJECTS = ['file', 'folder', 'archive', 'image', 'stream', 'service', 'package', 'record', 'branch', 'table', 'volume', 'socket', 'certificate', 'project', 'device', 'partition'];
const VERBS = ['list', 'create', 'remove', 'show', 'copy', 'compress', 'extract', 'convert', 'inspect', 'print', 'sync', 'rename', 'start', 'stop', 'check', 'send'];
const MENTIONS = [
  'Output is like `ls -l`, one entry a line.',
  'Pipe the output to `du -h` to see sizes.',
  'Create a `tar` archive of the result before uploading.',
  'Run it inside a `git` repository, as `git` hooks do.',
  'During the dump, the target tarball is locked.',
  'See `lsof` and `lsblk` for open files and devices; the gitignore file on github lists the target.',
  'Duplicate entries are dropped during the dump of the target.',
];

const page = (name: string, description: string, examples: [string, string][]) =>
  `# ${name}\n\n> ${description}\n> More information: <https://example.com/${name.replace(/ /g, '-')}>.\n\n${examples.map(([what, cmd]) => `- ${what}:\n\n\`${cmd}\`\n`).join('\n')}`;

function pick<T>(list: readonly T[], n: number): T {
  return list[n % list.length]!;
}

/** The pages, by path: `pages/<name>.md`. About `count` of them. */
export function referenceVault(count: number): Record<string, string> {
  const files: Record<string, string> = {};
  files['pages/git.md'] = page('git', 'Distributed version control system. Some subcommands such as `commit`, `add`, `branch`, `checkout`, `push`, etc. have their own usage documentation.', [
    ['Create an empty Git repository', 'git init'],
    ['Clone a remote Git repository from the internet', 'git clone https://example.com/repo.git'],
    ['View the status of the local repository', 'git status'],
    ['Stage all changes for a commit', 'git add --all'],
    ['Commit changes to version history', 'git commit --message message_text'],
    ['Push local commits to a remote repository', 'git push'],
    ['Pull any changes made to a remote', 'git pull'],
    ['Reset everything the way it was in the latest commit', 'git reset --hard; git clean --force'],
    ['Show the help for a subcommand', 'git help subcommand'],
  ]);
  files['pages/du.md'] = page('du', 'Disk usage: estimate and summarize file and directory space usage.', [
    ['List the sizes of a directory and any subdirectories, in the given unit (B/KiB/MiB)', 'du -k path/to/directory'],
    ['List the sizes in human-readable form', 'du -h path/to/directory'],
    ['Show the size of a single directory, in human-readable units', 'du -sh path/to/directory'],
    ['List the human-readable sizes of a directory and of all the files and directories within it', 'du -ah path/to/directory'],
  ]);
  files['pages/ls.md'] = page('ls', 'List directory contents.', [
    ['List files one per line', 'ls -1'],
    ['List all files, including hidden files', 'ls -a'],
    ['List files with a trailing symbol to indicate file type', 'ls -F'],
    ['List all files in long format (permissions, ownership, size, and modification date)', 'ls -la'],
    ['List files in long format, sorted by size (descending) recursively', 'ls -lSR'],
  ]);
  files['pages/tar.md'] = page('tar', 'Archiving utility. Often combined with a compression method, such as gzip or bzip2.', [
    ['[c]reate an archive and write it to a [f]ile', 'tar cf path/to/target.tar path/to/file1 path/to/file2'],
    ['[c]reate a g[z]ipped archive and write it to a [f]ile', 'tar czf path/to/target.tar.gz path/to/file1'],
    ['E[x]tract a (compressed) archive [f]ile into the current directory [v]erbosely', 'tar xvf path/to/source.tar[.gz|.bz2|.xz]'],
    ['E[x]tract a (compressed) archive [f]ile into the target directory', 'tar xf path/to/source.tar[.gz|.bz2|.xz] --directory=path/to/directory'],
    ['Lis[t] the contents of a tar [f]ile [v]erbosely', 'tar tvf path/to/source.tar'],
  ]);
  files['pages/rename.md'] = page('rename', 'Rename multiple files using Perl regular expressions.', [
    ['Replace from with to in the file names', "rename 's/from/to/' *.txt"],
    ['Dry-run: show which renames would take place', "rename -n 's/from/to/' *.txt"],
  ]);
  files['pages/git-branch.md'] = page('git branch', 'Main Git command for working with branches.', [
    ['List all branches (local and remote; the current branch is highlighted by `*`)', 'git branch --all'],
    ['Create new branch based on the current commit', 'git branch branch_name'],
    ['Rename a branch (it must not be checked out to do this)', 'git branch -m old_branch_name new_branch_name'],
    ['Delete a local branch (it must not be checked out to do this)', 'git branch -d branch_name'],
  ]);
  files['pages/c++.md'] = page('c++', 'The C++ compiler driver of the GNU toolchain.', [['Compile a source file into an executable', 'c++ path/to/source.cpp -o path/to/output']]);
  files['pages/node.js.md'] = page('node.js', 'Server-side JavaScript platform (Node.js).', [['Run a JavaScript file', 'node path/to/file.js']]);
  // Subcommand pages: their names hold the command's, and they repeat it in every example.
  for (let i = 0; i < count / 8; i++) {
    const sub = `${pick(VERBS, i)}-${pick(SUBJECTS, i >> 4)}${i}`;
    files[`pages/git-${sub}.md`] = page(`git ${sub}`, `Git subcommand to ${pick(VERBS, i)} a ${pick(SUBJECTS, i >> 4)} in a git repository.`, [
      [`${pick(VERBS, i)} the current ${pick(SUBJECTS, i + 1)}`, `git ${sub}`],
      ['Do it for every remote', `git ${sub} --all`],
      ['Show what git would do', `git ${sub} --dry-run`],
    ]);
  }
  // Other tools, most mentioning ls, du, tar or git, or words starting with their names.
  for (let i = 0; Object.keys(files).length < count; i++) {
    const name = `${pick(['lsx', 'tarx', 'dux', 'gitx', 'kube', 'dock', 'zip', 'net', 'disk', 'mem'], i)}tool${i}`;
    const verb = pick(VERBS, i);
    const subject = pick(SUBJECTS, i >> 3);
    files[`pages/${name}.md`] = page(name, `Tool to ${verb} a ${subject}. ${pick(MENTIONS, i)} ${pick(MENTIONS, i >> 2)}`, [
      [`${verb} the ${subject}`, `${name} ${verb} path/to/${subject}`],
      [`${pick(VERBS, i + 3)} every ${subject} ${pick(MENTIONS, i + 1).toLowerCase()}`, `${name} --all`],
    ]);
  }
  return files;
}
