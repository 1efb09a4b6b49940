package io.mobula.processor;

import com.sun.source.tree.BlockTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.TreePath;
import com.sun.source.util.Trees;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;

/**
 * The declaration-level rules of RepMI (thesis 4.2.1), each a compile error on the offending element saying what to
 * change: root and node types are cloud classes (extending {@code CloudObject}) or interfaces; a cloud class is a
 * root or a node, never both, and nothing in a cloud is remote. Inside a cloud class: fields and parameters of the
 * types a cloud may hold ({@link CloudTypes#disallowed}), no static state (but compile-time constants), no static
 * or native methods, no static initializers.
 */
final class CloudDeclarationRules {
    private final Elements elements;
    private final Reporter reporter;
    private final TypeNames names;
    private final Trees trees;

    /** @param trees null when the compiler offers no trees (initializer blocks are then not checked) */
    CloudDeclarationRules(Elements elements, Reporter reporter, TypeNames names, Trees trees) {
        this.elements = elements;
        this.reporter = reporter;
        this.names = names;
        this.trees = trees;
    }

    /** Whether {@code type} is a RepMI type or claims to be one, so that these rules concern it. */
    static boolean concerns(TypeElement type) {
        return CloudTypes.isSubtypeNamed(type, CloudTypes.ROOT) || CloudTypes.isSubtypeNamed(type, CloudTypes.NODE)
                || CloudTypes.isCloudClass(type);
    }

    /**
     * Checks {@code type}; returns whether it is a cloud type whose bodies are analysed: a cloud class, or an
     * interface extending Root or Node (their default methods run in the cloud).
     */
    boolean check(TypeElement type) {
        String name = type.getQualifiedName().toString();
        boolean root = CloudTypes.isSubtypeNamed(type, CloudTypes.ROOT);
        boolean node = CloudTypes.isSubtypeNamed(type, CloudTypes.NODE);
        boolean isInterface = type.getKind() == ElementKind.INTERFACE;
        if (isInterface && (name.equals(CloudTypes.ROOT) || name.equals(CloudTypes.NODE))) {
            return false;
        }
        if (!isInterface && CloudTypes.isCloudStub(type)) {
            return false; // a replication reference implements its root interface outside the cloud
        }
        if (root && node) {
            reporter.error(type, (isInterface ? "interface " : "class ") + name + " is both a root and a node"
                    + " (it extends both " + CloudTypes.ROOT + " and " + CloudTypes.NODE + "): a root is reached"
                    + " through replication references, a node only through its root; make it one or the other");
        }
        if (CloudTypes.isSubtypeNamed(type, CloudTypes.REMOTE)) {
            reporter.error(type, (isInterface ? "interface " : "class ") + name + " belongs to a cloud and must not"
                    + " extend java.rmi.Remote: a cloud is replicated and reached through replication references,"
                    + " a remote object lives in one process; split it into a cloud type and a remote one");
        }
        if (!isInterface) {
            boolean cloudClass = CloudTypes.isCloudClass(type);
            if ((root || node) && !cloudClass) {
                reporter.error(type, "class " + name + " implements " + (root ? CloudTypes.ROOT : CloudTypes.NODE)
                        + " but does not extend " + CloudTypes.CLOUD_OBJECT + ", which gives its objects the state"
                        + " replicas need; make it extend CloudObject");
            } else if (cloudClass && !root && !node) {
                reporter.error(type, "class " + name + " extends " + CloudTypes.CLOUD_OBJECT + " but implements"
                        + " neither " + CloudTypes.ROOT + " (through a root interface) nor " + CloudTypes.NODE
                        + "; make it implement a root interface (a cloud's root) or Node (an object in a cloud)");
            }
            if (cloudClass) {
                members(type);
            }
        }
        return CloudTypes.isCloudClass(type) || isInterface;
    }

    private void members(TypeElement type) {
        String pkg = names.packageOf(type);
        if (!names.isNameableFrom(type, pkg)) {
            reporter.error(type, "cloud class " + type.getQualifiedName() + " is private (or nested in a private"
                    + " class), so its generated read/write table cannot name it; make it package-private");
        }
        for (TypeMirror i : type.getInterfaces()) {
            if (CloudBodyRules.isThreadType(CloudTypes.element(i))) {
                reporter.error(type, "cloud class " + type.getQualifiedName() + " cannot implement " + i + ": a"
                        + " cloud cannot use threads; its methods run in the total order of writes on every replica");
            }
        }
        for (VariableElement f : ElementFilter.fieldsIn(type.getEnclosedElements())) {
            if (f.getModifiers().contains(Modifier.STATIC)) {
                if (f.getConstantValue() == null) {
                    reporter.error(f, "static field '" + f.getSimpleName() + "' in cloud class "
                            + type.getQualifiedName() + ": static state is shared by the process, not replicated"
                            + " with the cloud; make it an instance field (only compile-time constants may be"
                            + " static)");
                }
                continue;
            }
            String why = CloudTypes.disallowed(f.asType());
            if (why != null) {
                reporter.error(f, "field '" + f.getSimpleName() + "' of cloud class " + type.getQualifiedName()
                        + " has type " + f.asType() + ": " + why + "; change its type");
            }
        }
        for (ExecutableElement m : ElementFilter.methodsIn(type.getEnclosedElements())) {
            String what = "method " + m.getSimpleName() + " of cloud class " + type.getQualifiedName();
            if (m.getModifiers().contains(Modifier.STATIC)) {
                reporter.error(m, "static " + what + ": static methods run outside the cloud's replicated"
                        + " state; make it an instance method");
            }
            if (m.getModifiers().contains(Modifier.NATIVE)) {
                reporter.error(m, "native " + what + ": native code is outside what the compiler can check and"
                        + " replicate; implement it in Java");
            }
            if (!implementsRootMethod(type, m)) {
                parameters(m, what); // a root method's arguments are copies, of any serializable type
            }
        }
        for (ExecutableElement c : ElementFilter.constructorsIn(type.getEnclosedElements())) {
            parameters(c, "constructor of cloud class " + type.getQualifiedName());
        }
        if (trees != null && trees.getTree(type) instanceof ClassTree tree) {
            TreePath classPath = trees.getPath(type);
            for (Tree member : tree.getMembers()) {
                if (member instanceof BlockTree b && b.isStatic()) {
                    reporter.error(trees, new TreePath(classPath, b), "static initializer in cloud class "
                            + type.getQualifiedName() + ": it runs once per process, outside the cloud; initialize"
                            + " in a constructor instead");
                }
            }
        }
    }

    /** Whether {@code m} implements a method of a root interface of {@code type}. */
    private boolean implementsRootMethod(TypeElement type, ExecutableElement m) {
        for (TypeElement t = type; t != null; t = CloudTypes.superclass(t)) {
            if (rootMethodOf(t, m, type)) {
                return true;
            }
        }
        return false;
    }

    private boolean rootMethodOf(TypeElement t, ExecutableElement m, TypeElement type) {
        for (TypeMirror i : t.getInterfaces()) {
            TypeElement iface = CloudTypes.element(i);
            if (CloudTypes.isRootInterface(iface)) {
                for (ExecutableElement im : ElementFilter.methodsIn(iface.getEnclosedElements())) {
                    if (im.getSimpleName().equals(m.getSimpleName()) && elements.overrides(m, im, type)) {
                        return true;
                    }
                }
            }
            if (rootMethodOf(iface, m, type)) {
                return true;
            }
        }
        return false;
    }

    private void parameters(ExecutableElement m, String what) {
        for (VariableElement p : m.getParameters()) {
            String why = CloudTypes.disallowed(p.asType());
            if (why != null) {
                reporter.error(p, "parameter '" + p.getSimpleName() + "' of " + what + " has type " + p.asType()
                        + ": " + why + "; change its type");
            }
        }
    }
}
