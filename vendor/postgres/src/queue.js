export default Queue

function Queue(initial = []) {
  let xs = initial.slice()
  let index = 0

  return {
    get length() {
      return xs.length - index
    },
    remove: (x) => {
      // PATCH (apca 9): the slots before `index` are emptied ones; searching them made every move of a
      // connection scan all that the queue had held since it was last empty (thousands under steady load).
      const at = xs.indexOf(x, index)
      return at === -1
        ? null
        : (xs.splice(at, 1), x)
    },
    push: (x) => (xs.push(x), x),
    shift: () => {
      const out = xs[index++]

      if (index === xs.length) {
        index = 0
        xs = []
      } else if (index >= 1024) {
        // PATCH (apca 9): a queue that is never empty (a busy pool under steady load) kept every emptied slot.
        xs = xs.slice(index)
        index = 0
      } else {
        xs[index - 1] = undefined
      }

      return out
    }
  }
}
