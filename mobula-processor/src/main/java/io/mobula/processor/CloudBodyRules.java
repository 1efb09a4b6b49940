package io.mobula.processor;

import com.sun.source.tree.CatchTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.ImportTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.SynchronizedTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;

/**
 * The rules of thesis 4.2.1 for code that runs inside a cloud, on one body of a cloud type, each a compile error on
 * the offending tree: every replica must compute the same thing from the same state, so a body may not hold a
 * reference that leads out of the cloud (local variables of other types than a cloud holds, remote and replication
 * references), read state outside the cloud (static members of other classes, but for an allow-list of
 * deterministic JDK helpers and compile-time constants), start or use threads, lock anything but {@code this}
 * (the lock order across replicas is not controlled) or use {@code wait}/{@code notify} (only the cloud versions
 * keep replicas in step). Names are resolved by {@link BodyResolver}; what it cannot resolve is not reported.
 */
final class CloudBodyRules extends TreePathScanner<Void, Void> {
    /** Classes whose static methods are deterministic and reach no state outside their arguments. */
    private static final Set<String> STATIC_HELPERS = Set.of("java.lang.Math", "java.lang.StrictMath",
            "java.lang.Integer", "java.lang.Long", "java.lang.Short", "java.lang.Byte", "java.lang.Character",
            "java.lang.Boolean", "java.lang.Float", "java.lang.Double", "java.lang.String", "java.util.Arrays",
            "java.util.Objects");
    /** Static methods of the helpers that are not deterministic or read process state. */
    private static final Set<String> EXCLUDED_HELPERS = Set.of("random", "getInteger", "getLong", "getBoolean");

    private final Trees trees;
    private final Elements elements;
    private final Reporter reporter;
    private final BodyResolver resolver;

    private CloudBodyRules(Trees trees, Elements elements, Reporter reporter, BodyResolver resolver) {
        this.trees = trees;
        this.elements = elements;
        this.reporter = reporter;
        this.resolver = resolver;
    }

    /** Checks one body (a method or constructor body, an initializer block or a field initializer). */
    static void check(Trees trees, Elements elements, Reporter reporter, BodyResolver resolver, TreePath body) {
        new CloudBodyRules(trees, elements, reporter, resolver).scan(body, null);
    }

    private void error(String message) {
        reporter.error(trees, getCurrentPath(), message);
    }

    @Override
    public Void visitVariable(VariableTree node, Void unused) {
        boolean catchParameter = getCurrentPath().getParentPath().getLeaf() instanceof CatchTree;
        if (!catchParameter && node.getType() != null && !isVar(node.getType())) {
            TypeMirror type = resolver.resolveType(node.getType());
            String why = type == null ? null : CloudTypes.disallowed(type);
            if (why != null) {
                error("local variable '" + node.getName() + "' of a cloud has type " + type + ": " + why
                        + "; change its type");
            }
        }
        scan(node.getInitializer(), null); // not the type: it was judged above
        resolver.declare(node);
        return null;
    }

    private static boolean isVar(Tree type) {
        return type instanceof IdentifierTree i && i.getName().contentEquals("var");
    }

    @Override
    public Void visitSynchronized(SynchronizedTree node, Void unused) {
        ExpressionTree lock = node.getExpression();
        while (lock instanceof ParenthesizedTree p) {
            lock = p.getExpression();
        }
        if (!(lock instanceof IdentifierTree i && i.getName().contentEquals("this"))) {
            error("a cloud may lock only 'this' (synchronized methods or synchronized (this)): the order in which"
                    + " replicas take other locks is not controlled, so they could deadlock or diverge; synchronize"
                    + " on this, or make the method synchronized");
        }
        return super.visitSynchronized(node, unused);
    }

    @Override
    public Void visitNewClass(NewClassTree node, Void unused) {
        if (resolver.resolveType(node.getIdentifier()) instanceof DeclaredType d && isThreadType((TypeElement) d.asElement())) {
            error(threads(((TypeElement) d.asElement()).getQualifiedName().toString()));
            scan(node.getEnclosingExpression(), null);
            scan(node.getArguments(), null);
            scan(node.getClassBody(), null);
            return null; // the class name is judged
        }
        return super.visitNewClass(node, unused);
    }

    @Override
    public Void visitMethodInvocation(MethodInvocationTree node, Void unused) {
        ExpressionTree select = node.getMethodSelect();
        String name = select instanceof MemberSelectTree s ? s.getIdentifier().toString()
                : select instanceof IdentifierTree i ? i.getName().toString() : "";
        int arity = node.getArguments().size();
        List<ExecutableElement> targets = resolver.select(resolver.candidates(node), node.getArguments());
        if ((name.equals("notify") || name.equals("notifyAll") || name.equals("wait")) && arity == 0
                || name.equals("wait") && targets != null && !targets.isEmpty() && targets.stream()
                        .allMatch(t -> owner(t).getQualifiedName().contentEquals("java.lang.Object"))) {
            error("a cloud cannot call " + name + "(): replicas would wake their waiting writes in different"
                    + " orders; use cloud" + Character.toUpperCase(name.charAt(0)) + name.substring(1)
                    + "() of CloudObject, which keeps replicas in step");
        } else if (select instanceof MemberSelectTree s && resolver.typeNamedBy(s.getExpression()) instanceof TypeElement t) {
            staticCall(t, name);
            scan(node.getArguments(), null); // the receiver is a type name, judged here
            return null;
        } else if (select instanceof IdentifierTree && targets != null && !targets.isEmpty()
                && targets.stream().allMatch(t -> t.getModifiers().contains(Modifier.STATIC))
                && !owner(targets.get(0)).equals(resolver.owner())) {
            staticCall(owner(targets.get(0)), name);
        }
        return super.visitMethodInvocation(node, unused);
    }

    private void staticCall(TypeElement type, String method) {
        String owner = type.getQualifiedName().toString();
        if (isThreadType(type)) {
            error(threads(owner));
        } else if (type.equals(resolver.owner())) {
            return; // its own static methods are reported on their declarations
        } else if (!(STATIC_HELPERS.contains(owner) && !EXCLUDED_HELPERS.contains(method)
                || owner.equals("java.lang.System") && method.equals("arraycopy"))) {
            error("a cloud cannot call the static method " + owner + "." + method + ": every replica must compute"
                    + " the same result from the cloud's own state, and only deterministic JDK helpers (Math,"
                    + " StrictMath, the boxed types, String, Arrays, Objects, System.arraycopy) are known to;"
                    + " compute it inside the cloud, or pass it in as an argument");
        }
    }

    @Override
    public Void visitMemberSelect(MemberSelectTree node, Void unused) {
        if (resolver.typeNamedBy(node.getExpression()) instanceof TypeElement t) {
            VariableElement f = staticField(t, node.getIdentifier().toString());
            if (f != null) {
                staticField(f);
            } else if (isThreadType(t)) {
                error(threads(t.getQualifiedName().toString()));
            }
            return null; // the type name itself is no member use
        }
        return super.visitMemberSelect(node, unused);
    }

    @Override
    public Void visitIdentifier(IdentifierTree node, Void unused) {
        String name = node.getName().toString();
        if (resolver.isLocal(name)) {
            return null;
        }
        VariableElement f = resolver.fieldOf(node);
        if (f == null) {
            f = staticImport(name);
        }
        if (f != null && f.getModifiers().contains(Modifier.STATIC) && !isOwnOrInherited(f)) {
            staticField(f);
        } else if (f == null && resolver.resolveTypeName(name) instanceof TypeElement t && isThreadType(t)) {
            error(threads(t.getQualifiedName().toString()));
        }
        return null;
    }

    private void staticField(VariableElement f) {
        TypeElement owner = (TypeElement) f.getEnclosingElement();
        boolean helperConstant = STATIC_HELPERS.contains(owner.getQualifiedName().toString())
                && f.getModifiers().contains(Modifier.FINAL);
        if (f.getConstantValue() == null && !helperConstant && !isOwnOrInherited(f)) {
            error("a cloud cannot use the static field " + owner.getQualifiedName() + "." + f.getSimpleName()
                    + ": it is state outside the cloud, different on every replica; only compile-time constants"
                    + " may be used. Keep the value in the cloud, or pass it in as an argument");
        }
    }

    /** Static fields of the class and its superclasses are reported on their declarations. */
    private boolean isOwnOrInherited(VariableElement f) {
        for (TypeElement t = resolver.owner(); t != null; t = CloudTypes.superclass(t)) {
            if (f.getEnclosingElement().equals(t)) {
                return true;
            }
        }
        return false;
    }

    private VariableElement staticField(TypeElement type, String name) {
        return ElementFilter.fieldsIn(elements.getAllMembers(type)).stream()
                .filter(f -> f.getSimpleName().contentEquals(name) && f.getModifiers().contains(Modifier.STATIC))
                .findFirst().orElse(null);
    }

    private VariableElement staticImport(String name) {
        for (ImportTree i : resolver.unit().getImports()) {
            if (i.isStatic() && i.getQualifiedIdentifier() instanceof MemberSelectTree s
                    && (s.getIdentifier().contentEquals(name) || s.getIdentifier().contentEquals("*"))
                    && elements.getTypeElement(s.getExpression().toString()) instanceof TypeElement t) {
                VariableElement f = staticField(t, name);
                if (f != null) {
                    return f;
                }
            }
        }
        return null;
    }

    /** Threads, thread-locals, timers and everything in java.util.concurrent. */
    static boolean isThreadType(TypeElement type) {
        String n = type.getQualifiedName().toString();
        return n.startsWith("java.util.concurrent.") || n.equals("java.util.Timer") || n.equals("java.util.TimerTask")
                || CloudTypes.isSubtypeNamed(type, "java.lang.Thread")
                || CloudTypes.isSubtypeNamed(type, "java.lang.Runnable")
                || n.equals("java.lang.ThreadGroup") || n.equals("java.lang.ThreadLocal")
                || n.equals("java.lang.InheritableThreadLocal");
    }

    private static String threads(String type) {
        return "a cloud cannot use threads (" + type + "): a replica runs its cloud's methods in the total order of"
                + " writes, and work on other threads would run in a different order on every replica; do the work"
                + " in the method itself";
    }

    private static TypeElement owner(ExecutableElement m) {
        return (TypeElement) m.getEnclosingElement();
    }
}
