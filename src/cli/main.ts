// Placeholder entry; the CLI is built in issue #2.
console.log('strace-dfg');
