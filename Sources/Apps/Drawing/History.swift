import GLFunKit

/// One undoable change to the document.
enum Edit: Equatable {
    case add(Shape)
    case clear([Shape])
    /// Classic mode: the new shape replaced everything.
    case replaceAll(old: [Shape], new: Shape)
    /// The shape at `index` changed (e.g. scaled by a gesture).
    case modify(index: Int, old: Shape, new: Shape)

    /// Makes the change. Returns false for a plain append (a cached layer just draws the new
    /// shape on top), true when the picture must be redrawn from scratch.
    func perform(on doc: inout Scene) -> Bool {
        switch self {
        case let .add(s):
            doc.shapes.append(s)
            return false
        case .clear:
            doc.shapes.removeAll()
        case let .replaceAll(_, new):
            doc.shapes = [new]
        case let .modify(i, _, new):
            doc.shapes[i] = new
        }
        return true
    }

    /// Takes the change back.
    func revert(on doc: inout Scene) {
        switch self {
        case .add:
            doc.shapes.removeLast()
        case let .clear(old):
            doc.shapes = old
        case let .replaceAll(old, _):
            doc.shapes = old
        case let .modify(i, old, _):
            doc.shapes[i] = old
        }
    }
}

/// The undo and redo stacks, bounded as editors bound theirs (a number of steps, and a memory
/// budget): at most `DrawingApp.undoLimit` changes, holding at most `DrawingApp.undoShapeLimit`
/// shapes between them (a clear holds the whole document it cleared). A new change past either
/// bound forgets the oldest changes; the newest is always kept, however large.
struct History {
    private var undoStack: [Edit] = []
    private var redoStack: [Edit] = []
    /// Shapes the stacks hold (`Edit.heldShapes`, summed).
    private(set) var heldShapes = 0

    var canUndo: Bool { !undoStack.isEmpty }
    var canRedo: Bool { !redoStack.isEmpty }
    /// Changes held, to undo and to redo.
    var count: Int { undoStack.count + redoStack.count }

    /// A new change: it can be undone, and nothing can be redone any more.
    mutating func record(_ e: Edit) {
        for r in redoStack { heldShapes -= r.heldShapes }
        redoStack.removeAll()
        undoStack.append(e)
        heldShapes += e.heldShapes
        while undoStack.count > 1,
              undoStack.count > DrawingApp.undoLimit || heldShapes > DrawingApp.undoShapeLimit {
            heldShapes -= undoStack.removeFirst().heldShapes
        }
    }

    /// The change to revert, moved to the redo stack.
    mutating func takeUndo() -> Edit? {
        guard let e = undoStack.popLast() else { return nil }
        redoStack.append(e)
        return e
    }

    /// The change to perform again, moved back to the undo stack.
    mutating func takeRedo() -> Edit? {
        guard let e = redoStack.popLast() else { return nil }
        undoStack.append(e)
        return e
    }
}

extension Edit {
    /// The shapes this change keeps alive to undo or redo it.
    var heldShapes: Int {
        switch self {
        case .add: return 1
        case let .clear(old): return old.count
        case let .replaceAll(old, _): return old.count + 1
        case .modify: return 2
        }
    }
}
