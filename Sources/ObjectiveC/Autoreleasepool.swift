// Linux's Foundation has no autoreleasepool(invoking:) (measured with Swift 6.3.1), and Swift on Linux has no
// autorelease pools: objects are freed when their last reference goes. Reader and writer loops written for Apple
// platforms wrap each sample in a pool, so the call is provided, and simply runs its body.

/// Runs `body`; on Linux there are no autoreleased objects to drain afterwards.
public func autoreleasepool<Result>(invoking body: () throws -> Result) rethrows -> Result {
    try body()
}
