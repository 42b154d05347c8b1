/** Whether a process with this id is running (one of another user counts: signalling it is refused). */
function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

module.exports = { processAlive };
