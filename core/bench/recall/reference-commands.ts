/**
 * The reference pages' matter: commands, what each does, a few tasks with a command line, and for
 * some tasks the question a person would type to find it. Written for this bench (man- and
 * cheat-sheet-like, not copied from any collection).
 */

export interface Task {
  /** The page's line for it, cheat-sheet style. */
  does: string;
  line: string;
  /** How a person asks for it, when the bench asks. */
  asked?: string;
}

export interface Command {
  name: string;
  about: string;
  tasks: Task[];
}

const t = (does: string, line: string, asked?: string): Task => (asked ? { does, line, asked } : { does, line });

export const COMMANDS: Command[] = [
  {
    name: 'git',
    about: 'Distributed version control: track changes to files and share them.',
    tasks: [t('Clone a repository', 'git clone {url}'), t('Show the state of the working tree', 'git status'), t('Commit the staged changes with a message', 'git commit -m "{message}"')],
  },
  {
    name: 'tar',
    about: 'Archive files into one file, compressed or not, and unpack such archives.',
    tasks: [
      t('Extract an archive into the current folder', 'tar xf {file}.tar.gz', 'how do I extract a tar archive'),
      t('Create a gzip-compressed archive of a folder', 'tar czf {file}.tar.gz {dir}', 'how to compress a folder into a tarball'),
      t('List the contents of an archive without extracting it', 'tar tf {file}.tar', "see what's inside a tar file without unpacking it"),
    ],
  },
  {
    name: 'du',
    about: 'Estimate the disk space used by files and folders.',
    tasks: [
      t('Show the size of each folder here, readable', 'du -h --max-depth=1', 'which folders take up the most disk space'),
      t('Show the total size of a folder', 'du -sh {dir}', 'how big is this directory'),
    ],
  },
  { name: 'df', about: 'Show free and used space on mounted filesystems.', tasks: [t('Show free space on every filesystem in readable units', 'df -h', 'how much free space is left on my drives')] },
  {
    name: 'ls',
    about: 'List the contents of a directory.',
    tasks: [
      t('List all files, hidden ones included, with details', 'ls -la', 'show hidden files in a folder'),
      t('List files sorted by modification time, newest first', 'ls -lt', 'list files by date modified'),
    ],
  },
  {
    name: 'grep',
    about: 'Search text for lines matching a pattern.',
    tasks: [
      t('Search for a pattern in every file under a folder', 'grep -r "{pattern}" {dir}', 'find which files contain a word'),
      t('Count the matching lines', 'grep -c "{pattern}" {file}'),
      t('Show lines that do not match', 'grep -v "{pattern}" {file}', 'show lines that dont contain something'),
    ],
  },
  {
    name: 'find',
    about: 'Walk a directory tree and act on the files that match.',
    tasks: [
      t('Find files by name anywhere under a folder', 'find {dir} -name "*.log"', 'search for a file by its name'),
      t('Delete files older than thirty days', 'find {dir} -mtime +30 -delete', 'remove old files automatically'),
    ],
  },
  {
    name: 'sed',
    about: 'Stream editor: transform text line by line.',
    tasks: [t('Replace every occurrence of a word in a file, in place', "sed -i 's/{old}/{new}/g' {file}", 'replace text in a file from the command line')],
  },
  {
    name: 'awk',
    about: 'Pattern scanning and processing language for columns of text.',
    tasks: [
      t('Print the second column of each line', "awk '{print $2}' {file}", 'print only one column of a file'),
      t('Sum the numbers in the first column', "awk '{s+=$1} END {print s}' {file}", 'add up a column of numbers'),
    ],
  },
  {
    name: 'curl',
    about: 'Transfer data from or to a server.',
    tasks: [
      t('Download a file and keep its remote name', 'curl -O {url}', 'download a file from a url'),
      t('Send a JSON body with a POST request', 'curl -X POST -H "Content-Type: application/json" -d \'{json}\' {url}', 'post json to an api'),
    ],
  },
  { name: 'wget', about: 'Download files over HTTP, HTTPS and FTP, non-interactively.', tasks: [t('Resume an interrupted download', 'wget -c {url}', 'continue a download that stopped halfway')] },
  {
    name: 'ssh',
    about: 'Log in to a remote machine and run commands there, encrypted.',
    tasks: [
      t('Connect to a server on a specific port', 'ssh -p {port} {user}@{host}', 'log into a remote server'),
      t('Forward a local port to a remote one', 'ssh -L 8080:localhost:80 {host}', 'tunnel a port over ssh'),
    ],
  },
  { name: 'ssh-keygen', about: 'Create and manage authentication keys for ssh.', tasks: [t('Generate an ed25519 key pair', 'ssh-keygen -t ed25519 -C "{email}"', 'make a new ssh key')] },
  {
    name: 'scp',
    about: 'Copy files between hosts over ssh.',
    tasks: [t('Copy a local file to a remote folder', 'scp {file} {user}@{host}:{dir}', 'copy a file to another computer over the network')],
  },
  {
    name: 'rsync',
    about: 'Fast, incremental file transfer and synchronisation.',
    tasks: [
      t('Mirror a folder to another, deleting what is gone', 'rsync -av --delete {dir}/ {dest}/', 'sync two folders'),
      t('Show what would be copied without copying', 'rsync -avn {dir}/ {dest}/'),
    ],
  },
  {
    name: 'chmod',
    about: 'Change the access permissions of files.',
    tasks: [t('Make a script executable', 'chmod +x {file}', 'how do i make a script runnable'), t('Give the owner read and write, everyone else nothing', 'chmod 600 {file}')],
  },
  { name: 'chown', about: 'Change the owner and group of files.', tasks: [t('Give a folder and everything in it to a user', 'chown -R {user}:{user} {dir}', 'change who owns a folder')] },
  { name: 'ps', about: 'Report a snapshot of the running processes.', tasks: [t('List every process with its full command line', 'ps aux', 'see all running programs')] },
  { name: 'kill', about: 'Send a signal to a process, by default to end it.', tasks: [t('Force a process to stop', 'kill -9 {pid}', 'force quit a frozen program')] },
  { name: 'top', about: 'Show the processes using the most CPU and memory, live.', tasks: [t('Sort by memory use', 'top -o %MEM', 'what is using all my memory')] },
  { name: 'lsof', about: 'List open files and the processes holding them.', tasks: [t('Show which process listens on a port', 'lsof -i :{port}', 'which program is using port 8080')] },
  { name: 'zip', about: 'Package and compress files into a zip archive.', tasks: [t('Compress a folder into a zip file', 'zip -r {file}.zip {dir}', 'zip a folder')] },
  { name: 'unzip', about: 'List, test and extract files from a zip archive.', tasks: [t('Extract a zip archive into a given folder', 'unzip {file}.zip -d {dir}', 'unpack a zip file into a folder')] },
  { name: 'ln', about: 'Make links between files.', tasks: [t('Create a symbolic link', 'ln -s {target} {link}', 'make a symlink')] },
  { name: 'crontab', about: 'Schedule commands to run periodically.', tasks: [t('Edit the current user\u2019s scheduled jobs', 'crontab -e', 'run a script every night automatically')] },
  {
    name: 'systemctl',
    about: 'Control the systemd system and service manager.',
    tasks: [t('Restart a service', 'systemctl restart {service}', 'restart nginx'), t('Start a service at every boot', 'systemctl enable {service}', 'make a service start on boot')],
  },
  {
    name: 'journalctl',
    about: 'Query the systemd journal: the logs of services and the system.',
    tasks: [t('Follow the log of one service', 'journalctl -u {service} -f', 'watch the logs of a service live')],
  },
  {
    name: 'docker',
    about: 'Build, ship and run applications in containers.',
    tasks: [t('Run a container and remove it when it exits', 'docker run --rm -it {image}'), t('List the running containers', 'docker ps', 'show running containers')],
  },
  { name: 'kubectl', about: 'Run commands against Kubernetes clusters.', tasks: [t('List the pods in every namespace', 'kubectl get pods -A', 'see all pods in the cluster')] },
  { name: 'npm', about: 'The package manager for JavaScript and Node.js.', tasks: [t('Install a package as a development dependency', 'npm install --save-dev {package}', 'add a dev dependency')] },
  { name: 'pip', about: 'The package installer for Python.', tasks: [t('Install the packages listed in a requirements file', 'pip install -r requirements.txt', 'install python requirements')] },
  { name: 'python', about: 'The Python interpreter.', tasks: [t('Serve the current folder over HTTP', 'python -m http.server 8000', 'quickly share a folder over http')] },
  { name: 'make', about: 'Build targets from the rules in a Makefile.', tasks: [t('Build with four parallel jobs', 'make -j4', 'compile faster using all cores')] },
  { name: 'gcc', about: 'The GNU C and C++ compiler.', tasks: [t('Compile a C file into an executable with warnings', 'gcc -Wall -o {name} {file}.c', 'compile a c program')] },
  {
    name: 'ffmpeg',
    about: 'Convert, cut and stream audio and video.',
    tasks: [
      t('Convert a video to mp4', 'ffmpeg -i {file}.mov {file}.mp4', 'convert a mov video to mp4'),
      t('Extract the audio track as mp3', 'ffmpeg -i {file}.mp4 -vn {file}.mp3', 'get the sound out of a video'),
    ],
  },
  {
    name: 'convert',
    about: 'ImageMagick: convert between image formats and transform images.',
    tasks: [t('Resize an image to half its size', 'convert {file}.jpg -resize 50% {file}-small.jpg', 'make a picture smaller')],
  },
  { name: 'head', about: 'Output the first part of files.', tasks: [t('Show the first twenty lines of a file', 'head -n 20 {file}', 'show the beginning of a file')] },
  { name: 'tail', about: 'Output the last part of files.', tasks: [t('Follow a growing log file', 'tail -f {file}.log', 'watch a log file as it grows')] },
  { name: 'less', about: 'Page through text, forwards and backwards.', tasks: [t('Open a file and search it with /', 'less {file}')] },
  { name: 'sort', about: 'Sort lines of text.', tasks: [t('Sort numerically, largest first', 'sort -nr {file}', 'sort numbers from biggest to smallest')] },
  { name: 'uniq', about: 'Report or omit repeated lines.', tasks: [t('Count how often each line occurs', 'sort {file} | uniq -c', 'count duplicate lines')] },
  { name: 'wc', about: 'Count lines, words and bytes.', tasks: [t('Count the lines of a file', 'wc -l {file}', 'how many lines does a file have')] },
  { name: 'ping', about: 'Send echo requests to a host to test reachability.', tasks: [t('Send five pings and stop', 'ping -c 5 {host}', 'check if a server is reachable')] },
  { name: 'dig', about: 'Query DNS servers.', tasks: [t('Look up the mail servers of a domain', 'dig MX {domain}', 'find the mx records of a domain')] },
  { name: 'ip', about: 'Show and change network interfaces, addresses and routes.', tasks: [t('Show the addresses of every interface', 'ip addr', "what's my ip address")] },
  {
    name: 'openssl',
    about: 'Toolkit for TLS and cryptography.',
    tasks: [t('Show the certificate a server presents', 'openssl s_client -connect {host}:443', 'check the ssl certificate of a website')],
  },
  { name: 'gpg', about: 'Encrypt, decrypt and sign with OpenPGP.', tasks: [t('Encrypt a file for a recipient', 'gpg -e -r {email} {file}', 'encrypt a file')] },
  { name: 'jq', about: 'Slice, filter and transform JSON on the command line.', tasks: [t('Pretty-print a JSON file', 'jq . {file}.json', 'format json nicely in the terminal')] },
  { name: 'tmux', about: 'Terminal multiplexer: sessions that survive a disconnect.', tasks: [t('Attach to the last session', 'tmux attach', 'reconnect to my terminal session after ssh dropped')] },
  { name: 'vim', about: 'A modal text editor.', tasks: [t('Open a file at a given line', 'vim +{n} {file}')] },
  { name: 'mount', about: 'Attach a filesystem to the directory tree.', tasks: [t('Mount a USB drive', 'mount /dev/sdb1 /mnt/usb', 'how to mount a usb stick')] },
  { name: 'useradd', about: 'Create a new user account.', tasks: [t('Add a user with a home folder', 'useradd -m {user}', 'create a new user on linux')] },
  { name: 'passwd', about: 'Change a user\u2019s password.', tasks: [t('Change your own password', 'passwd', 'change my login password')] },
  { name: 'history', about: 'Show the shell\u2019s command history.', tasks: [t('Search the history for a command', 'history | grep {word}', 'find a command I ran earlier')] },
  { name: 'xargs', about: 'Build and run command lines from standard input.', tasks: [t('Delete every file a search found', 'find . -name "*.tmp" | xargs rm', 'run a command on every file found')] },
  { name: 'diff', about: 'Compare files line by line.', tasks: [t('Show the differences between two files, side by side', 'diff -y {file} {other}', 'compare two text files')] },
  { name: 'cp', about: 'Copy files and directories.', tasks: [t('Copy a folder with everything in it', 'cp -r {dir} {dest}', 'copy a whole directory')] },
  { name: 'mv', about: 'Move or rename files.', tasks: [t('Rename a file', 'mv {old} {new}', 'how do I rename a file')] },
  { name: 'rm', about: 'Remove files or directories.', tasks: [t('Remove a folder and everything in it', 'rm -rf {dir}', 'delete a folder that is not empty')] },
  { name: 'mkdir', about: 'Make directories.', tasks: [t('Create nested folders in one go', 'mkdir -p {dir}/a/b', 'create a folder and its parents')] },
  { name: 'cat', about: 'Print and concatenate files.', tasks: [t('Join several files into one', 'cat {file} {other} > {dest}', 'merge text files into one')] },
  { name: 'echo', about: 'Print a line of text.', tasks: [t('Append a line to a file', 'echo "{text}" >> {file}')] },
  { name: 'env', about: 'Show or set the environment of a command.', tasks: [t('Run a command with one variable set', 'env {name}=1 {command}')] },
  { name: 'which', about: 'Locate the executable a command name runs.', tasks: [t('Show where a program lives', 'which {name}', 'where is a program installed')] },
  { name: 'date', about: 'Print or set the system date and time.', tasks: [t('Print the date in ISO format', 'date -I')] },
  { name: 'cal', about: 'Display a calendar.', tasks: [t('Show the whole year', 'cal -y')] },
  { name: 'uptime', about: 'Tell how long the system has been running, and its load.', tasks: [t('Show the uptime and the load averages', 'uptime', 'how long has my computer been on')] },
  { name: 'free', about: 'Show free and used memory.', tasks: [t('Show memory in readable units', 'free -h', 'how much ram is free')] },
  { name: 'shutdown', about: 'Power off or reboot the machine.', tasks: [t('Reboot now', 'shutdown -r now', 'restart the computer from the terminal')] },
  { name: 'nc', about: 'Netcat: read and write data across network connections.', tasks: [t('Check whether a port is open', 'nc -zv {host} {port}', 'test if a port is open on a server')] },
];

/** Subcommands with pages of their own (`git-rebase.md`), as man pages and cheat sheets have. */
export const SUBCOMMANDS: Record<string, [string, string][]> = {
  git: [
    ['rebase', 'Reapply commits on top of another base'],
    ['merge', 'Join two or more histories together'],
    ['stash', 'Set aside uncommitted changes'],
    ['bisect', 'Find the commit that introduced a bug by binary search'],
    ['cherry-pick', 'Apply the changes of some existing commits'],
    ['reflog', 'Show where the branch tips have been'],
    ['blame', 'Show which commit last changed each line'],
    ['log', 'Show the commit history'],
    ['diff', 'Show changes between commits, the index and the working tree'],
    ['branch', 'List, create or delete branches'],
    ['checkout', 'Switch branches or restore files'],
    ['reset', 'Move the current branch to another commit'],
    ['remote', 'Manage the repositories tracked'],
    ['tag', 'Create, list or delete tags'],
    ['worktree', 'Manage several working trees of one repository'],
    ['submodule', 'Manage repositories inside a repository'],
    ['clean', 'Remove untracked files'],
    ['fetch', 'Download objects and refs from another repository'],
    ['pull', 'Fetch and integrate with another branch'],
    ['push', 'Update remote refs and their objects'],
  ],
  docker: [
    ['build', 'Build an image from a Dockerfile'],
    ['compose', 'Run multi-container applications'],
    ['exec', 'Run a command in a running container'],
    ['logs', 'Fetch the logs of a container'],
    ['volume', 'Manage volumes'],
    ['network', 'Manage networks'],
    ['image', 'Manage images'],
    ['system', 'Manage Docker: disk use, pruning'],
  ],
  npm: [
    ['install', 'Install a package and its dependencies'],
    ['run', 'Run a script from package.json'],
    ['publish', 'Publish a package to the registry'],
    ['audit', 'Report known vulnerabilities in the dependencies'],
    ['ci', 'Install exactly what the lock file says'],
    ['outdated', 'List packages with newer versions'],
  ],
  kubectl: [
    ['apply', 'Apply a configuration to a resource'],
    ['logs', 'Print the logs of a container in a pod'],
    ['describe', 'Show the details of a resource'],
    ['exec', 'Run a command in a container'],
    ['rollout', 'Manage the rollout of a resource'],
    ['port-forward', 'Forward local ports to a pod'],
  ],
  apt: [
    ['install', 'Install packages'],
    ['update', 'Refresh the package lists'],
    ['upgrade', 'Upgrade the installed packages'],
    ['remove', 'Remove packages'],
    ['search', 'Search the package descriptions'],
  ],
};
