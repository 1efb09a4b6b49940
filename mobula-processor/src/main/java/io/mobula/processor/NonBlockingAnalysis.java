package io.mobula.processor;

import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.BinaryTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompoundAssignmentTree;
import com.sun.source.tree.DeconstructionPatternTree;
import com.sun.source.tree.DoWhileLoopTree;
import com.sun.source.tree.EnhancedForLoopTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.ForLoopTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.LambdaExpressionTree;
import com.sun.source.tree.MemberReferenceTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.NewArrayTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.PrimitiveTypeTree;
import com.sun.source.tree.SwitchExpressionTree;
import com.sun.source.tree.SwitchTree;
import com.sun.source.tree.SynchronizedTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.TryTree;
import com.sun.source.tree.UnaryTree;
import com.sun.source.tree.VariableTree;
import com.sun.source.tree.WhileLoopTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.TreeScanner;
import com.sun.source.util.Trees;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Manta's MAY_BLOCK analysis (thesis 3.3.1), done conservatively over method bodies with the Trees API: a
 * method is proven non-blocking, and may then run on the receive thread, only if nothing in its body can wait
 * and its running time does not grow with its input (a long loop on the receive thread stalls every call on the
 * connection as surely as a lock does). Anything not understood counts as "may block". What is accepted:
 * <ul>
 * <li>reading and writing locals, fields and array elements; arithmetic; branches;</li>
 * <li>{@code for} loops of the form {@code for (int i = A; i < B; i++)} (also {@code <=}, {@code >},
 *     {@code >=}, {@code i += K}, {@code i--}, {@code long}) where A, B and K are compile-time constants and the
 *     body never assigns {@code i};</li>
 * <li>{@code new} of arrays whose every dimension is a compile-time constant (or an array initializer), and
 *     of boxed types, {@code String} and {@code StringBuilder} from primitives or constants;</li>
 * <li>string concatenation of primitives, boxed values and constant strings (a result of bounded length);</li>
 * <li>calls on the allow-list of constant-time JDK methods in {@link #allowListed};</li>
 * <li>calls to private, final or static methods declared by the same class (or any method of a final class)
 *     that are themselves proven (recursion is not proven). A call to an overridable method of {@code this}
 *     is not proven: a subclass may override it, and the runtime checks overrides of remote methods only.</li>
 * </ul>
 * Rejected: {@code synchronized} methods and blocks, every other call (so {@code wait}, {@code notify},
 * {@code Thread.sleep}, {@code join}, {@code LockSupport.park}, I/O), {@code while} and {@code do} loops, other
 * {@code for} loops, enhanced {@code for} loops (an array's length is not a constant; an {@link Iterable}'s
 * iterator is user code), arrays of non-constant length, {@code clone()} of arrays, JDK methods that take time
 * in proportion to a string or array ({@code equals}, {@code hashCode}, {@code indexOf}, {@code arraycopy} of a
 * non-constant length, ...), concatenation with a string of unknown length, {@code switch} on a string, lambdas,
 * method references, local and anonymous classes, try-with-resources ({@code close()}), record deconstruction
 * patterns (accessor calls) and string concatenation of objects other than strings and boxed values (implicit
 * {@code toString()}). Atomics ({@code AtomicLong}, ...) are not final classes, so their methods are accepted
 * only on a {@code final} field whose initializer creates exactly the JDK class.
 * Not considered: class initialization triggered by a field access, garbage collection pauses, and final fields
 * rewritten by reflection or deserialization.
 *
 * <p>A user who knows better states it with {@code @NonBlocking} on the remote interface's method (every
 * implementation) or on the implementing method or class (that implementation only).
 *
 * <p>Names and types come from {@link BodyResolver}, which never attributes the body (javac would then report
 * its warnings twice); what it cannot resolve is not proven. Only classes of this compilation have bodies.
 */
final class NonBlockingAnalysis {
    /** The outcome for one method: proven or not, and a short reason for the generated comment or a test. */
    record Verdict(boolean nonBlocking, String reason) {}

    private static final Set<String> BOXES = Set.of("java.lang.Boolean", "java.lang.Byte", "java.lang.Short",
            "java.lang.Character", "java.lang.Integer", "java.lang.Long", "java.lang.Float", "java.lang.Double");
    /** Lock-free atomics: they may spin on a CAS, but never wait for another thread or call user code. */
    private static final Set<String> ATOMICS = Set.of("java.util.concurrent.atomic.AtomicInteger",
            "java.util.concurrent.atomic.AtomicLong", "java.util.concurrent.atomic.AtomicBoolean",
            "java.util.concurrent.atomic.AtomicIntegerArray", "java.util.concurrent.atomic.AtomicLongArray",
            "java.util.concurrent.atomic.LongAdder", "java.util.concurrent.atomic.DoubleAdder",
            "java.util.concurrent.atomic.Striped64", "java.lang.Number");
    /** AtomicReference methods that compare by identity and call no user code (no function parameters). */
    private static final Set<String> ATOMIC_REFERENCE_METHODS = Set.of("get", "set", "lazySet", "getAndSet",
            "compareAndSet", "weakCompareAndSet", "weakCompareAndSetPlain", "weakCompareAndSetVolatile",
            "weakCompareAndSetAcquire", "weakCompareAndSetRelease", "compareAndExchange",
            "compareAndExchangeAcquire", "compareAndExchangeRelease", "getPlain", "setPlain", "getOpaque",
            "setOpaque", "getAcquire", "setRelease");
    /** The classes whose objects {@link #ATOMICS} methods may safely be called on (not user subclasses). */
    private static final Set<String> JDK_ATOMICS = Set.of("java.util.concurrent.atomic.AtomicInteger",
            "java.util.concurrent.atomic.AtomicLong", "java.util.concurrent.atomic.AtomicBoolean",
            "java.util.concurrent.atomic.AtomicIntegerArray", "java.util.concurrent.atomic.AtomicLongArray",
            "java.util.concurrent.atomic.LongAdder", "java.util.concurrent.atomic.DoubleAdder",
            "java.util.concurrent.atomic.AtomicReference");
    /** String methods whose time does not depend on the string's length. */
    private static final Set<String> CONSTANT_TIME_STRING_METHODS = Set.of("length", "isEmpty", "charAt",
            "codePointAt");
    private static final String SWITCH_ON_STRING = "switch on a string or an expression of unknown type";
    /** Boxed-type statics that read system properties rather than compute. */
    private static final Set<String> BOX_EXCLUDED = Set.of("getInteger", "getLong", "getBoolean");

    private final Trees trees;
    private final Elements elements;
    private final Types types;
    private final Map<ExecutableElement, Verdict> done = new HashMap<>();
    private final Set<ExecutableElement> inProgress = new HashSet<>();

    NonBlockingAnalysis(ProcessingEnvironment env) {
        this.trees = Trees.instance(env);
        this.elements = env.getElementUtils();
        this.types = env.getTypeUtils();
    }

    /** Analyses {@code method} (and the helpers it calls) once; results are cached. */
    Verdict analyze(ExecutableElement method) {
        Verdict cached = done.get(method);
        if (cached != null) {
            return cached;
        }
        if (!inProgress.add(method)) {
            return new Verdict(false, "recursive call of " + method.getSimpleName() + "()");
        }
        try {
            Verdict v = compute(method);
            done.put(method, v);
            return v;
        } finally {
            inProgress.remove(method);
        }
    }

    private Verdict compute(ExecutableElement method) {
        if (method.getModifiers().contains(Modifier.SYNCHRONIZED)) {
            return new Verdict(false, "synchronized method");
        }
        TreePath path = trees.getPath(method);
        if (path == null || !(path.getLeaf() instanceof MethodTree tree) || tree.getBody() == null) {
            return new Verdict(false, "no source body");
        }
        TypeElement owner = (TypeElement) method.getEnclosingElement();
        Scanner scanner = new Scanner(new BodyResolver(elements, types, path.getCompilationUnit(), owner, method));
        scanner.scan(new TreePath(path, tree.getBody()), null);
        if (scanner.failure != null) {
            return new Verdict(false, scanner.failure);
        }
        return new Verdict(true, scanner.calls.isEmpty() ? "no calls, no locks"
                : "no locks; calls only " + String.join(", ", scanner.calls));
    }

    /** Walks one body; stops at the first construct that may block. */
    private final class Scanner extends TreePathScanner<Void, Void> {
        private final BodyResolver resolver;
        private final TypeElement owner;
        private final Set<String> calls = new TreeSet<>();
        private String failure;

        Scanner(BodyResolver resolver) {
            this.resolver = resolver;
            this.owner = resolver.owner();
        }

        @Override
        public Void visitVariable(VariableTree node, Void unused) {
            super.visitVariable(node, unused); // the initializer first: it cannot see the variable
            resolver.declare(node);
            return null;
        }

        private Void fail(String why) {
            if (failure == null) {
                failure = why;
            }
            return null;
        }

        @Override
        public Void scan(Tree tree, Void unused) {
            return failure != null ? null : super.scan(tree, unused);
        }

        @Override
        public Void visitSynchronized(SynchronizedTree node, Void unused) {
            return fail("synchronized block");
        }

        @Override
        public Void visitLambdaExpression(LambdaExpressionTree node, Void unused) {
            return fail("lambda");
        }

        @Override
        public Void visitMemberReference(MemberReferenceTree node, Void unused) {
            return fail("method reference");
        }

        @Override
        public Void visitClass(ClassTree node, Void unused) {
            return fail("local class");
        }

        @Override
        public Void visitTry(TryTree node, Void unused) {
            return node.getResources().isEmpty() ? super.visitTry(node, unused) : fail("try-with-resources");
        }

        @Override
        public Void visitDeconstructionPattern(DeconstructionPatternTree node, Void unused) {
            return fail("record pattern (calls accessors)");
        }

        @Override
        public Void visitEnhancedForLoop(EnhancedForLoopTree node, Void unused) {
            TypeMirror t = type(node.getExpression());
            return fail(t != null && t.getKind() == TypeKind.ARRAY
                    ? "loops over an array (its length is not a compile-time constant)" : "iterates over an Iterable");
        }

        @Override
        public Void visitWhileLoop(WhileLoopTree node, Void unused) {
            return fail("while loop (not bounded by a compile-time constant)");
        }

        @Override
        public Void visitDoWhileLoop(DoWhileLoopTree node, Void unused) {
            return fail("do-while loop (not bounded by a compile-time constant)");
        }

        @Override
        public Void visitForLoop(ForLoopTree node, Void unused) {
            return constantBounds(node) ? super.visitForLoop(node, unused)
                    : fail("for loop not bounded by compile-time constants");
        }

        /**
         * {@code for (int i = A; i < B; i++)} and its variants, with constant A, B and step, a bound far enough
         * from the type's limits that {@code i} cannot overflow, and no assignment to {@code i} in the body.
         */
        private boolean constantBounds(ForLoopTree loop) {
            if (loop.getInitializer().size() != 1 || !(loop.getInitializer().get(0) instanceof VariableTree v)
                    || !(v.getType() instanceof PrimitiveTypeTree p) || loop.getUpdate().size() != 1
                    || !(loop.getCondition() instanceof BinaryTree cond)) {
                return false;
            }
            long limit = switch (p.getPrimitiveTypeKind()) {
                case INT -> 1L << 30;
                case LONG -> 1L << 62;
                default -> 0; // byte, short, char: i < 200 never ends for a byte
            };
            String name = v.getName().toString();
            Long start = integral(resolver.constantValue(v.getInitializer()));
            Long end = integral(resolver.constantValue(cond.getRightOperand()));
            Long step = step(loop.getUpdate().get(0).getExpression(), name);
            if (limit == 0 || start == null || end == null || step == null || !isName(cond.getLeftOperand(), name)
                    || Math.abs(start) >= limit || Math.abs(end) >= limit || Math.abs(step) >= limit) {
                return false;
            }
            Boolean up = switch (cond.getKind()) {
                case LESS_THAN, LESS_THAN_EQUAL -> true;
                case GREATER_THAN, GREATER_THAN_EQUAL -> false;
                default -> null; // == and != may step over the bound
            };
            return up != null && up == step > 0 && !assigns(loop.getStatement(), name);
        }

        /** The constant step of {@code i++}, {@code --i}, {@code i += K} or {@code i -= K}; else null. */
        private Long step(ExpressionTree update, String name) {
            if (update instanceof UnaryTree u && isName(u.getExpression(), name)) {
                return switch (u.getKind()) {
                    case POSTFIX_INCREMENT, PREFIX_INCREMENT -> 1L;
                    case POSTFIX_DECREMENT, PREFIX_DECREMENT -> -1L;
                    default -> null;
                };
            }
            if (update instanceof CompoundAssignmentTree a && isName(a.getVariable(), name)) {
                Long k = integral(resolver.constantValue(a.getExpression()));
                if (k == null || k <= 0) {
                    return null;
                }
                return a.getKind() == Tree.Kind.PLUS_ASSIGNMENT ? k : a.getKind() == Tree.Kind.MINUS_ASSIGNMENT ? -k
                        : null;
            }
            return null;
        }

        /** Whether {@code body} assigns, increments or decrements the local {@code name}. */
        private static boolean assigns(Tree body, String name) {
            boolean[] found = {false};
            new TreeScanner<Void, Void>() {
                @Override
                public Void visitAssignment(AssignmentTree node, Void unused) {
                    found[0] |= isName(node.getVariable(), name);
                    return super.visitAssignment(node, unused);
                }

                @Override
                public Void visitCompoundAssignment(CompoundAssignmentTree node, Void unused) {
                    found[0] |= isName(node.getVariable(), name);
                    return super.visitCompoundAssignment(node, unused);
                }

                @Override
                public Void visitUnary(UnaryTree node, Void unused) {
                    found[0] |= isName(node.getExpression(), name) && switch (node.getKind()) {
                        case POSTFIX_INCREMENT, PREFIX_INCREMENT, POSTFIX_DECREMENT, PREFIX_DECREMENT -> true;
                        default -> false;
                    };
                    return super.visitUnary(node, unused);
                }
            }.scan(body, null);
            return found[0];
        }

        @Override
        public Void visitNewArray(NewArrayTree node, Void unused) {
            for (ExpressionTree d : node.getDimensions()) {
                if (integral(resolver.constantValue(d)) == null) {
                    return fail("allocates an array whose length is not a compile-time constant");
                }
            }
            return super.visitNewArray(node, unused);
        }

        @Override
        public Void visitSwitch(SwitchTree node, Void unused) {
            return switchOn(node.getExpression()) ? super.visitSwitch(node, unused) : fail(SWITCH_ON_STRING);
        }

        @Override
        public Void visitSwitchExpression(SwitchExpressionTree node, Void unused) {
            return switchOn(node.getExpression()) ? super.visitSwitchExpression(node, unused)
                    : fail(SWITCH_ON_STRING);
        }

        /** A switch on a string hashes it (time in proportion to its length); unknown selector types fail too. */
        private boolean switchOn(ExpressionTree selector) {
            TypeMirror t = type(selector);
            return t != null && !isString(t);
        }

        @Override
        public Void visitBinary(BinaryTree node, Void unused) {
            TypeMirror left = type(node.getLeftOperand());
            TypeMirror right = type(node.getRightOperand());
            if (node.getKind() == Tree.Kind.PLUS && (isString(left) || isString(right))) {
                if (!(isValue(left) && isValue(right))) {
                    return fail("string concatenation of an object (calls toString)");
                }
                if (!boundedString(node.getLeftOperand()) || !boundedString(node.getRightOperand())) {
                    return fail("string concatenation with a string of unknown length");
                }
            }
            return super.visitBinary(node, unused);
        }

        /**
         * An operand of a concatenation whose length is bounded: not a string, a constant string, or a nested
         * concatenation (checked when the scan reaches it).
         */
        private boolean boundedString(ExpressionTree operand) {
            ExpressionTree e = operand;
            while (e instanceof ParenthesizedTree p) {
                e = p.getExpression();
            }
            return !isString(type(e)) || resolver.constantValue(e) instanceof String
                    || e.getKind() == Tree.Kind.PLUS && isString(type(e));
        }

        @Override
        public Void visitCompoundAssignment(CompoundAssignmentTree node, Void unused) {
            if (node.getKind() == Tree.Kind.PLUS_ASSIGNMENT && isString(type(node.getVariable()))) {
                return fail(isValue(type(node.getExpression())) ? "appends to a string of unknown length"
                        : "string concatenation of an object (calls toString)");
            }
            return super.visitCompoundAssignment(node, unused);
        }

        @Override
        public Void visitNewClass(NewClassTree node, Void unused) {
            if (node.getClassBody() != null) {
                return fail("anonymous class");
            }
            List<ExecutableElement> ctors = resolver.select(resolver.constructors(node), node.getArguments());
            if (ctors == null || ctors.isEmpty()
                    || !ctors.stream().allMatch(c -> isValueClass(qualifiedOwner(c)) && plainParameters(c))) {
                return fail("creates " + node.getIdentifier());
            }
            // new String(s), new StringBuilder(n): a copy or a buffer in proportion to the argument
            boolean boxed = ctors.stream().allMatch(c -> BOXES.contains(qualifiedOwner(c)));
            if (!node.getArguments().stream().allMatch(a -> boxed && isPrimitiveOrBox(type(a))
                    || resolver.constantValue(a) != null)) {
                return fail("creates " + node.getIdentifier() + " in proportion to its argument");
            }
            return super.visitNewClass(node, unused);
        }

        @Override
        public Void visitMethodInvocation(MethodInvocationTree node, Void unused) {
            if (isArrayClone(node)) {
                return fail("copies an array (clone), in time proportional to its length");
            }
            List<ExecutableElement> targets = resolver.select(resolver.candidates(node), node.getArguments());
            if (targets == null || targets.isEmpty()) {
                return fail("unresolved call " + node.getMethodSelect());
            }
            for (ExecutableElement m : targets) { // every overload the call might bind to must be harmless
                if (m.getEnclosingElement().equals(owner) && cannotBeOverridden(m)) {
                    Verdict helper = analyze(m);
                    if (!helper.nonBlocking()) {
                        return fail("calls " + m.getSimpleName() + "(), which is not proven: " + helper.reason());
                    }
                    calls.add(m.getSimpleName() + "()");
                } else if (allowListed(m, node)) {
                    calls.add(simpleOwner(m) + "." + m.getSimpleName());
                } else {
                    return fail("calls " + qualifiedOwner(m) + "." + m.getSimpleName());
                }
            }
            return super.visitMethodInvocation(node, unused);
        }

        private boolean cannotBeOverridden(ExecutableElement m) {
            Set<Modifier> mods = m.getModifiers();
            return mods.contains(Modifier.PRIVATE) || mods.contains(Modifier.FINAL) || mods.contains(Modifier.STATIC)
                    || owner.getModifiers().contains(Modifier.FINAL);
        }

        /**
         * The allow-list of JDK methods that compute and return in bounded time without waiting or calling user
         * code: Math/StrictMath; String's length/isEmpty/charAt/codePointAt and valueOf of a primitive;
         * StringBuilder's length/charAt; boxed types' methods with primitive or boxed (or constant) arguments,
         * except the system-property getters; Arrays.copyOf/copyOfRange/fill and System.arraycopy when the
         * number of elements is given by compile-time constants; Objects.requireNonNull (no Supplier), and
         * Objects.equals/hash/hashCode when every argument is a primitive or boxed value (a string's takes time
         * in proportion to its length; a user object's is user code); the lock-free atomics
         * ({@code AtomicInteger}, {@code AtomicLong}, {@code LongAdder}, ...) with plain parameters and
         * {@code AtomicReference}'s identity-based get/set/compare-and-set, on a receiver known to be exactly
         * the JDK class ({@link #exactJdkAtomic}).
         */
        private boolean allowListed(ExecutableElement m, MethodInvocationTree call) {
            String owner = qualifiedOwner(m);
            String name = m.getSimpleName().toString();
            boolean isStatic = m.getModifiers().contains(Modifier.STATIC);
            List<? extends ExpressionTree> args = call.getArguments();
            switch (owner) {
                case "java.lang.Math", "java.lang.StrictMath":
                    return isStatic;
                case "java.lang.System":
                    return name.equals("arraycopy") && constants(args, 4);
                case "java.lang.Thread":
                    return isStatic && name.equals("currentThread"); // reads the thread's own field
                case "java.util.Arrays":
                    return switch (name) {
                        case "copyOf" -> args.size() == 2 && constants(args, 1);
                        case "copyOfRange" -> args.size() == 3 && constants(args, 1, 2);
                        case "fill" -> args.size() == 4 && constants(args, 1, 2);
                        default -> false;
                    };
                case "java.util.Objects":
                    return name.equals("requireNonNull") ? plainParameters(m) || isObjectAndString(m)
                            : (name.equals("equals") || name.equals("hash") || name.equals("hashCode"))
                                    && args.stream().allMatch(a -> isPrimitiveOrBox(type(a)));
                case "java.lang.String":
                    return isStatic ? name.equals("valueOf") && plainParameters(m) && boundedArguments(args)
                            : CONSTANT_TIME_STRING_METHODS.contains(name);
                case "java.lang.StringBuilder", "java.lang.AbstractStringBuilder":
                    return name.equals("length") || name.equals("charAt");
                case "java.util.concurrent.atomic.AtomicReference":
                    return ATOMIC_REFERENCE_METHODS.contains(name) && exactJdkAtomic(call);
                default:
                    if (ATOMICS.contains(owner)) {
                        return plainParameters(m) && !name.equals("toString") && exactJdkAtomic(call);
                    }
                    return BOXES.contains(owner) && !BOX_EXCLUDED.contains(name)
                            && (isEquals(m) || plainParameters(m) && boundedArguments(args));
            }
        }

        /** Whether the arguments at these positions are compile-time constants. */
        private boolean constants(List<? extends ExpressionTree> args, int... positions) {
            for (int i : positions) {
                if (i >= args.size() || resolver.constantValue(args.get(i)) == null) {
                    return false;
                }
            }
            return true;
        }

        /** Primitives, boxed values and constants: arguments a JDK method handles in bounded time. */
        private boolean boundedArguments(List<? extends ExpressionTree> args) {
            return args.stream().allMatch(a -> isPrimitiveOrBox(type(a)) || resolver.constantValue(a) != null);
        }

        /**
         * The receiver of an atomic's method is surely the JDK class and not a user subclass overriding it: a
         * {@code final} field of a class in this source file whose initializer is {@code new} of a JDK atomic.
         */
        private boolean exactJdkAtomic(MethodInvocationTree call) {
            if (!(call.getMethodSelect() instanceof MemberSelectTree s)
                    || !(resolver.fieldOf(s.getExpression()) instanceof VariableElement f)
                    || !f.getModifiers().contains(Modifier.FINAL)) {
                return false;
            }
            TreePath decl = trees.getPath(f);
            return decl != null && decl.getCompilationUnit() == resolver.unit()
                    && decl.getLeaf() instanceof VariableTree v && v.getInitializer() instanceof NewClassTree n
                    && n.getClassBody() == null && resolver.resolveType(n.getIdentifier()) instanceof DeclaredType d
                    && JDK_ATOMICS.contains(typeName(d));
        }

        private boolean isArrayClone(MethodInvocationTree call) {
            return call.getArguments().isEmpty() && call.getMethodSelect() instanceof MemberSelectTree s
                    && s.getIdentifier().contentEquals("clone") && type(s.getExpression()) instanceof ArrayType;
        }

        /** The static type of a sub-expression, or null if unknown. */
        private TypeMirror type(ExpressionTree e) {
            return resolver.typeOf(e);
        }
    }

    private static String qualifiedOwner(ExecutableElement m) {
        return m.getEnclosingElement() instanceof TypeElement t ? t.getQualifiedName().toString() : "";
    }

    private static String simpleOwner(ExecutableElement m) {
        return m.getEnclosingElement() instanceof TypeElement t ? t.getSimpleName().toString() : "array";
    }

    private static boolean isValueClass(String name) {
        return name.equals("java.lang.String") || name.equals("java.lang.StringBuilder") || BOXES.contains(name);
    }

    /** Primitive, String, boxed, or a primitive array: values that cannot run user code. */
    private static boolean isValue(TypeMirror t) {
        if (t == null) {
            return false;
        }
        if (t.getKind().isPrimitive()) {
            return true;
        }
        if (t.getKind() == TypeKind.ARRAY) {
            return ((ArrayType) t).getComponentType().getKind().isPrimitive();
        }
        return t.getKind() == TypeKind.DECLARED && (isString(t) || BOXES.contains(typeName(t)));
    }

    private static boolean isString(TypeMirror t) {
        return t != null && t.getKind() == TypeKind.DECLARED && typeName(t).equals("java.lang.String");
    }

    private static String typeName(TypeMirror t) {
        return ((TypeElement) ((javax.lang.model.type.DeclaredType) t).asElement()).getQualifiedName().toString();
    }

    private static boolean plainParameters(ExecutableElement m) {
        return m.getParameters().stream().allMatch(p -> isValue(p.asType()));
    }

    private static boolean isPrimitiveOrBox(TypeMirror t) {
        return t != null && (t.getKind().isPrimitive() || t.getKind() == TypeKind.DECLARED && BOXES.contains(typeName(t)));
    }

    /** Whether {@code e} is the simple name {@code name}. */
    private static boolean isName(ExpressionTree e, String name) {
        return e instanceof IdentifierTree i && i.getName().contentEquals(name);
    }

    /** An integral constant (int, long, short, byte or char) as a long; null for anything else. */
    private static Long integral(Object constant) {
        return switch (constant) {
            case Integer i -> (long) i;
            case Long l -> l;
            case Short s -> (long) s;
            case Byte b -> (long) b;
            case Character c -> (long) c;
            case null, default -> null;
        };
    }

    /** {@code equals(Object)} of String and boxed types only tests the argument's class. */
    private static boolean isEquals(ExecutableElement m) {
        return m.getSimpleName().contentEquals("equals") && m.getParameters().size() == 1;
    }

    /** {@code requireNonNull(T obj)} and {@code requireNonNull(T obj, String message)}. */
    private static boolean isObjectAndString(ExecutableElement m) {
        List<? extends javax.lang.model.element.VariableElement> ps = m.getParameters();
        return ps.size() == 1 || ps.size() == 2 && isString(ps.get(1).asType());
    }
}
