/// A value handed to other threads whose safety the code that makes it vouches for (each
/// thread touching its own part), where the compiler cannot see it: a grid's cells laid out
/// at once, each thread its own cell's graph and result slot.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
